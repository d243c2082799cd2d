import { customerBody, expect, test } from "../fixtures";

/** Deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -0,
  1.5,
  "",
  " ",
  "\u0000",
  "\ud800",
  "😀".repeat(50),
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "x".repeat(5000),
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  "1985-13-45",
  "+",
  "NaN",
  "__proto__",
];
const FIELDS = Object.keys(customerBody()).concat([
  "organisation",
  "fax_number",
  "social_security_number",
  "house_number_suffix",
  "__proto__",
  "constructor",
  "",
  "a.b",
]);

function malformedBodies(count: number): { body: string; type: string }[] {
  const rand = rng(20261122);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const out: { body: string; type: string }[] = [];
  while (out.length < count) {
    const kind = out.length % 6;
    if (kind === 0) {
      // a valid body with one to four fields replaced by weird values
      const b: Record<string, unknown> = customerBody();
      for (let i = 0; i < 1 + Math.floor(rand() * 4); i++) b[pick(FIELDS)] = pick(WEIRD_VALUES);
      out.push({ body: JSON.stringify(b), type: "application/json" });
    } else if (kind === 1) {
      // truncated JSON
      const s = JSON.stringify(customerBody());
      out.push({ body: s.slice(0, Math.floor(rand() * s.length)), type: "application/json" });
    } else if (kind === 2) {
      // random bytes, including invalid UTF-8
      const bytes = Array.from({ length: 1 + Math.floor(rand() * 200) }, () => Math.floor(rand() * 256));
      out.push({ body: Buffer.from(bytes).toString("latin1"), type: pick(["application/json", "text/plain", ""]) });
    } else if (kind === 3) {
      // deep nesting
      const depth = 10 + Math.floor(rand() * 3000);
      out.push({ body: `{"first_name":${"[".repeat(depth)}${"]".repeat(depth)}}`, type: "application/json" });
    } else if (kind === 4) {
      // top-level non-objects and odd JSON
      out.push({
        body: pick(["[]", "null", "true", "1e999", '""', "[{}]", "{}", '{"":""}', '{"a":1,"a":2}']),
        type: "application/json",
      });
    } else {
      // every field a random weird value
      const b: Record<string, unknown> = {};
      for (const f of FIELDS) if (rand() < 0.5) b[f] = pick(WEIRD_VALUES);
      out.push({
        body: JSON.stringify(b),
        type: pick(["application/json", "application/json; charset=utf-8", "APPLICATION/JSON"]),
      });
    }
  }
  return out;
}

test("a sweep of 240 malformed customer bodies never yields a 5xx", async ({ api }) => {
  const bodies = malformedBodies(240);
  const results: { status: number; code?: string }[] = [];
  for (let i = 0; i < bodies.length; i += 8) {
    const batch = bodies.slice(i, i + 8);
    results.push(
      ...(await Promise.all(
        batch.map(async ({ body, type }) => {
          const res = await api.raw(
            "POST",
            "/v1/customer",
            Buffer.from(body, "latin1"),
            type ? { "content-type": type } : {},
          );
          return { status: res.status, code: res.body?.code };
        }),
      )),
    );
  }
  const serverErrors = results.filter((r) => r.status >= 500);
  expect(serverErrors).toEqual([]);
  // every refusal is the spec's error object with a known client-error code
  for (const r of results.filter((r) => r.status >= 400)) expect(["100", "101", "102", "120"]).toContain(r.code);
  // the sweep is not trivially all-rejected-by-one-rule
  expect(new Set(results.map((r) => r.code ?? String(r.status))).size).toBeGreaterThanOrEqual(2);
});
