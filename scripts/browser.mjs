// Finds (or installs) the Chromium that Playwright drives. Debian's chromium where it exists or
// can be installed with apt (this project's machines reach only npm and Debian); Playwright's own
// browser download elsewhere (a normal developer machine).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export function ensureBrowser() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const canApt = process.platform === "linux" && process.getuid?.() === 0 && has("apt-get");
  if (canApt) {
    console.error("[test] installing Debian's chromium for Playwright (apt-get) ...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const r = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (r.status === 0 && existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    console.error("[test] apt-get could not install chromium; trying Playwright's own browser");
  }
  console.error("[test] installing Playwright's chromium ...");
  const r = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"], {
    stdio: "inherit",
  });
  if (r.status !== 0)
    throw new Error(
      "No browser for Playwright: install chromium (apt-get install chromium) or run npx playwright install chromium",
    );

  return undefined;
}

function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}
