import { readFile } from "node:fs/promises";
import path from "node:path";

// GET /docs/api/scalar.js – Scalar's standalone browser bundle, from the installed package (no CDN).
const BUNDLE = path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js");
let bundle: Promise<string> | undefined;

/**
 * The bundle's web-font faces point at Scalar's font CDN, and some of its views inject them even
 * with `withDefaultFonts: false`. Their sources become `local()` ones: the page uses the fonts the
 * machine has (the system stack otherwise) and never reaches out to another host.
 */
const withoutFontCdn = (js: string) =>
  js.replace(/url\(https:\/\/fonts\.scalar\.com\/(inter|mono)[^)]*\)\s*format\(\\?"woff2\\?"\)/g, (_, face) =>
    face === "mono" ? 'local("JetBrains Mono")' : 'local("Inter")',
  );

export async function GET() {
  bundle ??= readFile(BUNDLE, "utf8").then(withoutFontCdn);

  return new Response(await bundle, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
