import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { resolveHost, webhookLookup } from "@/lib/webhooks/resolve";
import { sendWebhook } from "@/lib/webhooks/send";

describe("resolveHost", () => {
  it("answers IP literals without resolving them", async () => {
    expect(await resolveHost("203.0.113.7")).toEqual([{ address: "203.0.113.7", family: 4 }]);
    expect(await resolveHost("[2001:db8::1]")).toEqual([{ address: "2001:db8::1", family: 6 }]);
  });

  it("answers localhost names with loopback, IPv4 first, without a name server (RFC 6761)", async () => {
    for (const name of ["localhost", "LOCALHOST.", "shop.localhost"])
      expect((await resolveHost(name)).map((a) => a.address)).toEqual(["127.0.0.1", "::1"]);
  });

  it("refuses .invalid names at once, whatever the name server does (RFC 6761)", async () => {
    const started = performance.now();
    await expect(resolveHost("merchant.invalid")).rejects.toMatchObject({ code: "ENOTFOUND" });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("does not hold libuv's thread pool: forty unresolvable deliveries leave a file read free", async () => {
    // Each of these would have taken a getaddrinfo thread for as long as the name server takes.
    const pending = Array.from({ length: 40 }, (_, i) =>
      sendWebhook({ url: `https://m${i}.invalid/hooks`, headers: {}, body: "{}", allowPrivate: true, timeoutMs: 1000 }),
    );
    const { readFile } = await import("node:fs/promises");
    const started = performance.now();
    await readFile(new URL(import.meta.url));
    expect(performance.now() - started).toBeLessThan(500);
    for (const r of await Promise.all(pending)) expect(r.error).toMatch(/ENOTFOUND/);
  });

  it("is the lookup deliveries to private networks use: a localhost receiver answers", async () => {
    const server = http.createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await sendWebhook({ url: `http://localhost:${port}/h`, headers: {}, body: "{}", allowPrivate: true });
      expect(res).toMatchObject({ statusCode: 204, error: null });
    } finally {
      server.close();
    }
    const answers = await new Promise((resolve, reject) =>
      webhookLookup("localhost", { family: 6 }, (err, address, family) =>
        err ? reject(err) : resolve({ address, family }),
      ),
    );
    expect(answers).toEqual({ address: "::1", family: 6 });
  });
});
