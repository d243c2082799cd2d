// Bundles the custom server's fast /v1 module (lib/api/node.ts) into <distDir>/payrail/api.mjs,
// next to the Next build (`npm run build` runs `next build` first, which empties distDir).
// Everything in node_modules stays external, so the bundle and Next's own chunks load the same
// pg, Prisma runtime and pino; the lib/ code in it shares its pools through globalThis.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const apiBundle = (distDir = process.env.NEXT_DIST_DIR || ".next") =>
  path.join(root, distDir, "payrail/api.mjs");

export async function buildApi(distDir) {
  await build({
    entryPoints: [path.join(root, "lib/api/node.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: apiBundle(distDir),
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    // CommonJS helpers some generated code expects, for an ES module.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __fu(new URL('.', import.meta.url));",
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildApi();
