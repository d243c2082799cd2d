import { execFileSync } from "node:child_process";
import { createMerchant, expect, test } from "../fixtures";
import { STRICT } from "../isolated";
import { eventsWhen, Receiver, startDummy } from "../webhooks";

// The STRICT server runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=false on a database of its own, so its
// worker is the only one delivering these events.

const FORMS = [
  "http://127.0.0.1/hook",
  "http://localhost/hook",
  "http://2130706433/hook",
  "http://0x7f000001/hook",
  "http://0177.0.0.1/hook",
  "http://127.1/hook",
  "http://[::1]/hook",
  "http://[::ffff:127.0.0.1]/hook",
  "http://[::ffff:7f00:1]/hook",
  "http://10.0.0.1/hook",
  "http://172.16.5.4/hook",
  "http://192.168.1.20/hook",
  "http://169.254.169.254/latest/meta-data/",
  "http://100.64.0.1/hook",
  "http://[fd00:ec2::254]/",
  "http://[fe80::1]/hook",
  "http://0.0.0.0/hook",
  "https://[::]/hook",
];

test.describe("SSRF guard (WEBHOOK_ALLOW_PRIVATE_NETWORKS=false)", () => {
  const strictEnv = { ...STRICT.env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false" };

  test("registration per transaction refuses every private form with 101 naming the field; public targets pass", async ({
    request,
  }) => {
    const merchant = createMerchant("SSRF registration", undefined, STRICT.env);
    for (const url of FORMS) {
      const res = await request.post(`${STRICT.url}/v1/transaction/start`, {
        headers: { apiKey: merchant.api_key },
        data: {
          payment_profile: merchant.payment_profile,
          amount: 100,
          customer: { first_name: "A", last_name: "B", email_address: "a@example.com" },
          payment_product: "dummy",
          webhook_transaction_update: url,
        },
      });
      expect(res.status(), url).toBe(400);
      const body = await res.json();
      expect(body.code, url).toBe("101");
      expect(body.details.invalid_fields.webhook_transaction_update, url).toMatch(/^Must be a public address/);
    }
    // Public targets pass registration. Only a name that never resolves (.invalid, RFC 2606) is used
    // here: its deliveries fail at DNS, so no test ever connects outside this machine. A public IP
    // literal is accepted in lib/webhooks/url-guard.test.ts, without a connection.
    for (const url of ["https://shop.invalid/hooks"]) {
      const t = await startDummy(request, merchant, { webhookUrl: url, baseURL: STRICT.url });
      expect(t.status, url).toBe("DECLINED");
    }
  });

  test("the other invalid fields are reported together with the refused URL", async ({ request }) => {
    const merchant = createMerchant("SSRF many fields", undefined, STRICT.env);
    const res = await request.post(`${STRICT.url}/v1/transaction/start`, {
      headers: { apiKey: merchant.api_key },
      data: {
        payment_profile: merchant.payment_profile,
        amount: 0,
        customer: "x",
        payment_product: "dummy",
        webhook_transaction_update: "http://localhost:9/",
      },
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).details.invalid_fields).toMatchObject({
      amount: expect.any(String),
      customer: expect.any(String),
      webhook_transaction_update: "Must be a public address: localhost resolves to 127.0.0.1 (loopback)",
    });
  });

  test("registration of a payment profile URL (merchant CLI) refuses private targets", () => {
    for (const url of [
      "http://localhost:8080/hook",
      "http://2130706433/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://169.254.169.254/",
    ]) {
      let failed: { status: number; stderr: string } | undefined;
      try {
        execFileSync(
          "node_modules/.bin/tsx",
          ["scripts/merchant.ts", "create", "--name", "Sneaky", "--webhook-url", url],
          {
            encoding: "utf8",
            stdio: "pipe",
            env: { ...process.env, ...strictEnv },
          },
        );
      } catch (e: any) {
        failed = { status: e.status, stderr: String(e.stderr) };
      }
      expect(failed?.status, url).toBe(1);
      expect(failed?.stderr, url).toMatch(/error 101: .*webhook_url: Must be a public address/);
    }
  });

  test("at connect time, targets that are (or resolve to) 127.0.0.1 are refused: the attempt is logged, the receiver sees nothing", async ({
    request,
  }) => {
    const receiver = await Receiver.start("ok");
    try {
      const p = receiver.portNumber;
      // Registered while private targets were allowed (as a DNS answer may change after
      // registration); the strict worker must still refuse them when it connects.
      const forms: [string, string][] = [
        [`http://localhost:${p}/hook`, "Refused: localhost resolves to 127.0.0.1, not a public address (loopback)"],
        [`http://127.0.0.1:${p}/hook`, "Refused: 127.0.0.1 is not a public address (loopback)"],
        [`http://2130706433:${p}/hook`, "Refused: 127.0.0.1 is not a public address (loopback)"],
        [`http://0x7f000001:${p}/hook`, "Refused: 127.0.0.1 is not a public address (loopback)"],
        [`http://[::ffff:127.0.0.1]:${p}/hook`, "Refused: ::ffff:7f00:1 is not a public address (loopback)"],
      ];
      for (const [url, reason] of forms) {
        const merchant = createMerchant("Rebound", url, { ...STRICT.env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" });
        const t = await startDummy(request, merchant, { baseURL: STRICT.url });
        const [event] = await eventsWhen(request, merchant, t.id, (es) => (es[0]?.attempts.length ?? 0) >= 1, {
          baseURL: STRICT.url,
        });
        expect(event.url, url).toBe(url);
        expect(event.attempts[0], url).toMatchObject({ status_code: null, error: reason });
        expect(event.status, url).toBe("pending");
      }
      await new Promise((r) => setTimeout(r, 1_000));
      expect(receiver.deliveries).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
