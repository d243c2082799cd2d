import { describe, expect, it } from "vitest";
import { readForm } from "@/lib/api/form";

const post = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
  new Request("http://x/", { method: "POST", body, headers: { "content-type": type }, duplex: "half" } as RequestInit);

describe("readForm", () => {
  it("reads the first value of each field, cut to maxValue", async () => {
    expect(await readForm(post("outcome=approve&outcome=decline&pin=1%202"))).toStrictEqual({
      outcome: "approve",
      pin: "1 2",
    });
    expect(await readForm(post(`a=${"x".repeat(50)}`), { maxValue: 5 })).toStrictEqual({ a: "xxxxx" });
  });

  it("replaces a NUL (which cannot be stored) by U+FFFD, so no value turns into another", async () => {
    expect(await readForm(post("holder=A%00B&outcome=approve%00"))).toStrictEqual({
      holder: "A\uFFFDB",
      outcome: "approve\uFFFD",
    });
  });

  it("refuses other content types and bodies over the limit, also when streamed", async () => {
    expect(await readForm(post("{}", "application/json"))).toBeNull();
    expect(await readForm(post("a=1", "multipart/form-data; boundary=x"))).toBeNull();
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 40; i++) c.enqueue(new TextEncoder().encode("a".repeat(1024)));
        c.close();
      },
    });
    expect(await readForm(post(chunks), { maxBytes: 16 * 1024 })).toBeNull();
  });
});
