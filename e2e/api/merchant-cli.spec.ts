import { execFileSync } from "node:child_process";
import { expect, test, UUID } from "../fixtures";

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
