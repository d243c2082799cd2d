// The bench's arrangement (d): a stock Next + Prisma app, what a team would write first for the
// same work (docs/performance.md). Its own Next project, built into a folder of its own (the bench
// names it, servers.mjs); the Turbopack root is the repository, so it uses Payrail's generated
// Prisma client and node_modules.
const path = require("node:path");

/** @type {import('next').NextConfig} */
module.exports = {
  distDir: process.env.BENCH_NEXT_DIST_DIR || ".next",
  turbopack: { root: path.resolve(__dirname, "../../..") },
};
