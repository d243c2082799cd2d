import http from "node:http";
import { customerBody, expect, test } from "../fixtures";

/** POST with Transfer-Encoding: chunked (no Content-Length), so only the streaming limit can stop it. */
function postChunked(url: string, key: string, chunks: string[]): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", headers: { apiKey: key, "content-type": "application/json", "transfer-encoding": "chunked" } },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

test.describe("error contract", () => {
  test("no API key → 401 110", async ({ api }) => {
    const res = await api.post("/v1/customer", customerBody(), { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toStrictEqual({ code: "110", message: expect.any(String) });
    const get = await api.get("/v1/customer/3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01", { key: null });
    expect(get.body.code).toBe("110");
  });

  test("unknown or malformed API key → 401 111", async ({ api }) => {
    for (const key of ["sk_test_00000000000000000000000000000000", "sk_live_abc", "nonsense", "x".repeat(500)]) {
      const res = await api.post("/v1/customer", customerBody(), { key });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("111");
    }
    const bearer = await api.get("/v1/customer/x", {
      key: null,
      headers: { Authorization: "Bearer sk_test_00000000000000000000000000000000" },
    });
    expect(bearer.body.code).toBe("111");
  });

  test("invalid JSON → 400 100", async ({ api }) => {
    for (const body of ["{bad", '{"a":', "undefined", "'single'"]) {
      const res = await api.raw("POST", "/v1/customer", body, { "content-type": "application/json" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("100");
    }
  });

  test("wrong content type → 400 100", async ({ api }) => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await api.raw("POST", "/v1/customer", JSON.stringify(customerBody()), { "content-type": type });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("100");
    }
  });

  test("a JSON body that is not an object → 400 100", async ({ api }) => {
    for (const body of ["[]", "null", "42", '"text"']) {
      const res = await api.raw("POST", "/v1/customer", body, { "content-type": "application/json" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("100");
    }
  });

  test("empty body → 400 100", async ({ api }) => {
    const res = await api.raw("POST", "/v1/customer", "", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("100");
  });

  test("body over 64 KiB → 413 102, also without a Content-Length", async ({ api }) => {
    const big = JSON.stringify(customerBody({ city: "x".repeat(70 * 1024) }));
    const res = await api.raw("POST", "/v1/customer", big, { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("102");
    const justUnder = JSON.stringify(customerBody({ region: "x".repeat(60 * 1024) }));
    const under = await api.raw("POST", "/v1/customer", justUnder, { "content-type": "application/json" });
    expect(under.body.code).toBe("101"); // read and validated (region too long), not refused as too large
    const chunked = await postChunked(`${test.info().project.use.baseURL}/v1/customer`, api.merchant.api_key, [
      '{"first_name":"',
      ...Array.from({ length: 80 }, () => "y".repeat(1024)),
      '"}',
    ]);
    expect(chunked.status).toBe(413);
    expect(chunked.body.code).toBe("102");
  });

  test("unknown /v1 endpoint → JSON 404 120", async ({ api }) => {
    const res = await api.get("/v1/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("120");
  });

  test("an unknown id of 5,000 characters → 404 120 echoing only its first 128", async ({ api }) => {
    const id = "a".repeat(5_000);
    for (const path of [`/v1/transaction/${id}`, `/v1/customer/${id}`]) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("120");
      expect(res.body.details.id).toBe(`${"a".repeat(128)}…`);
      expect(res.body.message.length).toBeLessThan(200);
    }
  });

  test("GET /health → 200 {status: ok} without a key", async ({ request }) => {
    const res = await request.get("/health");
    expect(res.status()).toBe(200);
    expect(await res.json()).toStrictEqual({ status: "ok" });
  });
});
