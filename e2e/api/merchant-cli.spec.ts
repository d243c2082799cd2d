import { execFileSync } from "node:child_process";
import { expect, test, UUID } from "../fixtures";
import { sql } from "../transactions";

test("npm run merchant -- create prints one JSON line whose key works", async ({ request }) => {
  const out = execFileSync(
    "npm",
    [
      "run",
      "--silent",
      "merchant",
      "--",
      "create",
      "--name",
      "CLI Shop",
      "--webhook-url",
      "https://shop.invalid/hooks",
    ],
    {
      encoding: "utf8",
      env: process.env,
    },
  );
  const lines = out.trim().split("\n");
  expect(lines).toHaveLength(1);
  const created = JSON.parse(lines[0]);
  expect(created).toStrictEqual({
    organisation: expect.stringMatching(UUID),
    payment_profile: expect.stringMatching(UUID),
    api_key: expect.stringMatching(/^sk_test_[0-9A-Za-z]{32}$/),
    webhook_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
  });
  expect(Buffer.from(created.webhook_secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
  const res = await request.post("/v1/customer", {
    headers: { apiKey: created.api_key },
    data: { first_name: "Cli", last_name: "User", email_address: "cli@example.com" },
  });
  expect(res.status()).toBe(201);
  expect((await res.json()).organisation).toBe(created.organisation);
});

test("merchant CLI refuses a bad webhook URL with a message and exit code 1", async () => {
  let failed: { status: number; stderr: string } | undefined;
  try {
    execFileSync(
      "node_modules/.bin/tsx",
      ["scripts/merchant.ts", "create", "--name", "Bad", "--webhook-url", "ftp://x"],
      { encoding: "utf8", stdio: "pipe" },
    );
  } catch (e: any) {
    failed = { status: e.status, stderr: String(e.stderr) };
  }
  expect(failed?.status).toBe(1);
  expect(failed?.stderr).toContain("webhook_url");
});

test("create --email --password also makes the dashboard login; a refused login creates nothing", async () => {
  const cli = (...args: string[]) => {
    try {
      const stdout = execFileSync("node_modules/.bin/tsx", ["scripts/merchant.ts", ...args], { encoding: "utf8" });
      return { status: 0, stdout, stderr: "" };
    } catch (e: any) {
      return { status: e.status as number, stdout: String(e.stdout), stderr: String(e.stderr) };
    }
  };
  const name = `Login Shop ${Date.now()}`;
  const email = `owner-${Date.now()}@cli-shop.example`;
  const shops = async () => (await sql(`select count(*)::int as n from organisations where name = $1`, [name]))[0].n;

  const short = cli("create", "--name", name, "--email", email, "--password", "short");
  expect(short.status).toBe(1);
  expect(short.stderr).toContain("password");
  expect(short.stdout).toBe("");
  expect(await shops()).toBe(0);

  const made = cli("create", "--name", name, "--email", email.toUpperCase(), "--password", "a long password");
  expect(made.status, made.stderr).toBe(0);
  const created = JSON.parse(made.stdout.trim());
  expect(created.dashboard_user).toBe(email);
  expect(await sql(`select "organisationId" from dashboard_users where email = $1`, [email])).toStrictEqual([
    { organisationId: created.organisation },
  ]);
  // The same e-mail again: refused before a second merchant exists.
  const again = cli("create", "--name", name, "--email", email, "--password", "a long password");
  expect(again.status).toBe(1);
  expect(again.stderr).toContain("Already has a login");
  expect(await shops()).toBe(1);
});

test("keys rotate and revoke: a revoked key is refused at once with 111", async ({ request }) => {
  const tsx = (...args: string[]) =>
    JSON.parse(execFileSync("node_modules/.bin/tsx", ["scripts/merchant.ts", ...args], { encoding: "utf8" }).trim());
  const merchant = tsx("create", "--name", "Rotating Shop");
  const second = tsx("key", "create", "--organisation", merchant.organisation);
  expect(second.api_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
  const body = { first_name: "Key", last_name: "Holder", email_address: "key@example.com" };
  expect((await request.post("/v1/customer", { headers: { apiKey: second.api_key }, data: body })).status()).toBe(201);

  expect(tsx("key", "revoke", "--key", merchant.api_key)).toStrictEqual({ revoked: true });
  const refused = await request.post("/v1/customer", { headers: { apiKey: merchant.api_key }, data: body });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe("111");
  expect((await request.post("/v1/customer", { headers: { apiKey: second.api_key }, data: body })).status()).toBe(201);
  expect(tsx("key", "revoke", "--key", merchant.api_key)).toStrictEqual({ revoked: false });
});
