import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname, ".") } },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Pure unit tests: no database is opened; the vault gets a fixed test key.
    env: {
      LOG_LEVEL: "silent",
      // Vite sets BASE_URL="/" for its own purposes; the service needs an absolute one.
      BASE_URL: "http://localhost:3000",
      DATABASE_URL: "postgresql://unit-tests@127.0.0.1:1/none",
      VAULT_KEY: "dGVzdC12YXVsdC1rZXktMzItYnl0ZXMtbG9uZyEhISE=",
      AUTH_SECRET: "unit-test-auth-secret-of-at-least-32-chars",
    },
  },
});
