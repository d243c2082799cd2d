import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readJsonBody, topLevelNumberText } from "@/lib/api/body";
import { ApiError } from "@/lib/errors/api-error";

const json = { "content-type": "application/json" };
const stream = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });
const code = async (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: ApiError) => e.code,
  );

describe("readJsonBody", () => {
  it("parses a JSON object", async () => {
    expect(await readJsonBody(new Headers(json), stream('{"a":', "1}"))).toStrictEqual({ a: 1 });
    expect(
      await readJsonBody(new Headers({ "content-type": "application/json; charset=utf-8" }), stream("{}")),
    ).toStrictEqual({});
  });

  it("takes charset=utf-8 in any spelling and refuses a body declared in another charset (100)", async () => {
    for (const ct of [
      "application/json; charset=UTF-8",
      'application/json;charset="utf-8"',
      "application/json; charset=utf8",
    ])
      expect(await readJsonBody(new Headers({ "content-type": ct }), stream('{"a":"é"}'))).toStrictEqual({ a: "é" });
    for (const ct of ["application/json; charset=latin1", "application/json; charset=ISO-8859-1"]) {
      const err = await readJsonBody(new Headers({ "content-type": ct }), stream("{}")).catch((e: ApiError) => e);
      expect(err).toMatchObject({ code: "100", details: { charset: ct.split("=")[1].toLowerCase() } });
    }
  });

  it("refuses a top-level amount written with a decimal point or exponent (101), wherever else it appears", async () => {
    for (const text of ['{"amount":1000.0}', '{"a":1,"amount" : 1e3}', '{"amount":10.00,"x":{"amount":1}}']) {
      const err = await readJsonBody(new Headers(json), stream(text)).catch((e: ApiError) => e);
      expect(err).toMatchObject({
        code: "101",
        details: { invalid_fields: { amount: expect.stringContaining("no decimal point") } },
      });
    }
    // 1250.9999999999999999 reads as 1251: refused too. A true fraction (12.5) is the schema's to name.
    const rounded = await readJsonBody(new Headers(json), stream('{"amount":1250.9999999999999999}')).catch((e) => e);
    expect(rounded).toMatchObject({ code: "101" });
    for (const text of [
      '{"amount":12.5}',
      '{"amount":1000}',
      '{"details":{"merchant_data":{"amount":1.5}},"amount":5}',
      '{"s":"\\"amount\\":1.0"}',
    ])
      expect(await readJsonBody(new Headers(json), stream(text))).toStrictEqual(JSON.parse(text));
  });

  it("topLevelNumberText reads how a top-level number was written, skipping nested values and strings", () => {
    const cases: [string, string | undefined][] = [
      ['{"amount":1000}', "1000"],
      ['{ "a" : {"amount": 1.5, "x":[1,{"amount":2}]}, "amount" : 1e3 }', "1e3"],
      ['{"merchant_data":{"amount":1.5}}', undefined],
      ['{"s":"\\"amount\\": 1.0","amount":"10"}', undefined],
      ['{"amount":1,"amount":2.0}', "2.0"],
      ['{"x":"a\\\\","amount":-5}', "-5"],
      ["{}", undefined],
      ['{"amount":null}', undefined],
    ];
    for (const [text, written] of cases) expect(topLevelNumberText(text, "amount"), text).toBe(written);
  });

  it("returns undefined for an empty body", async () => {
    expect(await readJsonBody(new Headers(json), null)).toBeUndefined();
    expect(await readJsonBody(new Headers(), stream("  "))).toBeUndefined();
  });

  it("refuses wrong content types, bad JSON, non-objects and bad UTF-8 with 100", async () => {
    expect(await code(readJsonBody(new Headers({ "content-type": "text/plain" }), stream("{}")))).toBe("100");
    expect(await code(readJsonBody(new Headers(), stream("{}")))).toBe("100");
    expect(await code(readJsonBody(new Headers(json), stream("{")))).toBe("100");
    expect(await code(readJsonBody(new Headers(json), stream("[1]")))).toBe("100");
    expect(await code(readJsonBody(new Headers(json), stream("null")))).toBe("100");
    const bad = new ReadableStream<Uint8Array>({
      start: (c) => {
        c.enqueue(new Uint8Array([0x7b, 0xff, 0x7d]));
        c.close();
      },
    });
    expect(await code(readJsonBody(new Headers(json), bad))).toBe("100");
  });

  it("refuses more than 64 KiB with 102, by header or while streaming", async () => {
    expect(
      await code(readJsonBody(new Headers({ ...json, "content-length": String(MAX_BODY_BYTES + 1) }), stream("{}"))),
    ).toBe("102");
    const chunk = "x".repeat(16 * 1024);
    expect(await code(readJsonBody(new Headers(json), stream('{"a":"', chunk, chunk, chunk, chunk, '"}')))).toBe("102");
    const fits = `{"a":"${"x".repeat(MAX_BODY_BYTES - 8)}"}`;
    expect(await code(readJsonBody(new Headers(json), stream(fits)))).toBe("ok");
  });
});

describe("strings no database can store", () => {
  it("are refused with 101 naming the field", async () => {
    const err = await readJsonBody(new Headers(json), stream('{"a":{"b":"x\\u0000y"},"c":"\\ud800","ok":"😀"}')).then(
      () => undefined,
      (e: ApiError) => e,
    );
    expect(err?.code).toBe("101");
    expect(err?.details?.invalid_fields).toStrictEqual({
      "a.b": "Contains a NUL character or invalid Unicode",
      c: "Contains a NUL character or invalid Unicode",
    });
  });

  it("as are absurdly deep structures", async () => {
    const deep = `{"a":${"[".repeat(30000)}${"]".repeat(30000)}}`;
    const err = await readJsonBody(new Headers(json), stream(deep)).then(
      () => undefined,
      (e: ApiError) => e,
    );
    expect(err?.code).toBe("101");
  });
});

describe("a JSON syntax error never echoes the input", () => {
  const secret = "4111111111111111";
  for (const text of [`{card_number: ${secret}}`, `{"card_number": "${secret}"`, `'${secret}'`, `{"a":1}${secret}`]) {
    it(text, async () => {
      const err = (await readJsonBody(new Headers({ "content-type": "application/json" }), stream(text)).catch(
        (e) => e,
      )) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.code).toBe("100");
      const shown = JSON.stringify(err.toBody());
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain("card_number");
    });
  }
});
