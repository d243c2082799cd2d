import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { CONTRACT_REPORT_DIR } from "./contract";

/**
 * Playwright global teardown: how many responses, and how many distinct response shapes
 * (method + documented path + status), were validated against the served OpenAPI document.
 */
export default function contractSummary() {
  if (!existsSync(CONTRACT_REPORT_DIR)) return;
  const shapes = new Set<string>();
  let responses = 0;
  for (const f of readdirSync(CONTRACT_REPORT_DIR)) {
    const file = path.join(CONTRACT_REPORT_DIR, f);
    const report = JSON.parse(readFileSync(file, "utf8")) as { responses: number; shapes: string[] };
    responses += report.responses;
    for (const s of report.shapes) shapes.add(s);
    rmSync(file);
  }
  console.log(`[contract] ${responses} responses validated against /v1/openapi.json: ${shapes.size} response shapes`);
  if (process.env.CONTRACT_SHAPES) for (const s of [...shapes].sort()) console.log(`[contract]   ${s}`);
}
