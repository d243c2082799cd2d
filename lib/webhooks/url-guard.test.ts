import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { forbiddenRange, guardedLookup, webhookUrlProblem } from "@/lib/webhooks/url-guard";

describe("forbiddenRange", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private-network"],
    ["172.16.0.1", "private-network"],
    ["172.31.255.255", "private-network"],
    ["192.168.1.1", "private-network"],
    ["169.254.169.254", "link-local, incl. cloud metadata"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.100.100.200", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local, incl. cloud metadata"],
    ["fc00::1", "unique-local"],
    ["fd00:ec2::254", "unique-local"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private-network"],
    ["::ffff:169.254.169.254", "link-local, incl. cloud metadata"],
    ["::127.0.0.1", "loopback"],
    ["::7f00:1", "IPv4-compatible"],
    ["64:ff9b::7f00:1", "NAT64"],
    ["2002:7f00:1::", "6to4"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["ff02::1", "multicast"],
  ])("refuses %s (%s)", (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each(["8.8.8.8", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (address) => {
      expect(forbiddenRange(address)).toBeNull();
    },
  );

  it("treats a non-address as forbidden", () => {
    expect(forbiddenRange("example.com")).toBe("malformed");
  });
});

describe("webhookUrlProblem (registration)", () => {
  it.each([
    ["http://127.0.0.1/hook", "127.0.0.1 (loopback)"],
    ["http://localhost:3000/hook", "localhost resolves to 127.0.0.1 (loopback)"],
    ["http://LOCALHOST:3000/hook", "localhost resolves to 127.0.0.1 (loopback)"],
    ["http://2130706433/hook", "127.0.0.1 (loopback)"],
    ["http://0x7f000001/hook", "127.0.0.1 (loopback)"],
    ["http://0177.0.0.1/hook", "127.0.0.1 (loopback)"],
    ["http://127.1/hook", "127.0.0.1 (loopback)"],
    ["http://%31%32%37.0.0.1/hook", "127.0.0.1 (loopback)"],
    ["http://[::1]/hook", "::1 (loopback)"],
    ["http://[::ffff:127.0.0.1]/hook", "::ffff:7f00:1 (loopback)"],
    ["http://[0:0:0:0:0:ffff:7f00:1]/hook", "::ffff:7f00:1 (loopback)"],
    ["https://10.0.0.8/hook", "10.0.0.8 (private-network)"],
    ["https://192.168.0.10:8443/hook", "192.168.0.10 (private-network)"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 (link-local, incl. cloud metadata)"],
    ["http://100.64.1.1/hook", "100.64.1.1 (carrier-grade NAT)"],
    ["http://[fd00:ec2::254]/", "fd00:ec2::254 (unique-local)"],
    ["http://[fe80::1]/", "fe80::1 (link-local, incl. cloud metadata)"],
    ["http://0.0.0.0/", "0.0.0.0 (unspecified)"],
    ["http://0/", "0.0.0.0 (unspecified)"],
  ])("refuses %s", async (url, reason) => {
    const problem = await webhookUrlProblem(url);
    expect(problem).toMatch(/^Must be a public address/);
    expect(problem).toContain(reason);
  });

  it.each(["https://93.184.215.14/hook", "http://[2606:4700:4700::1111]:8080/x", "https://shop.invalid/hooks"])(
    "accepts %s",
    async (url) => {
      // shop.invalid never resolves: nothing private is reachable through it; the connect-time check decides later.
      expect(await webhookUrlProblem(url)).toBeNull();
    },
  );

  it("accepts only http(s)", async () => {
    expect(await webhookUrlProblem("ftp://93.184.215.14/")).toBe("Expected an absolute http(s) URL");
    expect(await webhookUrlProblem("/relative")).toBe("Expected an absolute http(s) URL");
  });
});

describe("guardedLookup (connect time)", () => {
  it("refuses a connection to a name that resolves to 127.0.0.1; the server sees nothing", async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const request = (lookup?: typeof guardedLookup) =>
      new Promise<string>((resolve) => {
        const req = http.request(`http://localhost:${port}/`, { method: "POST", agent: false, lookup }, (res) => {
          res.resume();
          resolve(`status ${res.statusCode}`);
        });
        req.on("error", (err) => resolve(`${(err as NodeJS.ErrnoException).code}: ${err.message}`));
        req.end();
      });
    try {
      expect(await request(guardedLookup)).toBe(
        "EWEBHOOKBLOCKED: Refused: localhost resolves to 127.0.0.1, not a public address (loopback)",
      );
      expect(hits).toBe(0);
      expect(await request()).toBe("status 200");
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it("hands back the checked address when every answer is public", async () => {
    const answer = await new Promise((resolve) =>
      guardedLookup("8.8.8.8", { all: true }, ((err: Error | null, addresses: unknown) =>
        resolve(err ?? addresses)) as never),
    );
    expect(answer).toEqual([{ address: "8.8.8.8", family: 4 }]);
  });

  it("passes a resolution failure through", async () => {
    const err = await new Promise<NodeJS.ErrnoException>((resolve) =>
      guardedLookup("shop.invalid", {}, ((e: NodeJS.ErrnoException) => resolve(e)) as never),
    );
    expect(err.code).toBe("ENOTFOUND");
  });
});
