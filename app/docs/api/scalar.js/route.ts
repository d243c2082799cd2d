import { readFile } from "node:fs/promises";
import path from "node:path";

// GET /docs/api/scalar.js – Scalar's standalone browser bundle, from the installed package (no CDN).
const BUNDLE = path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js");
let bundle: Promise<Buffer> | undefined;

export async function GET() {
  bundle ??= readFile(BUNDLE);

  return new Response(new Uint8Array(await bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
