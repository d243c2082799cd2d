import { customerBody, expect, ISO_MS, test, UUID } from "../fixtures";

test.describe("POST /v1/customer", () => {
  test('creates a customer with every field of the spec, unset strings as ""', async ({ api, merchant }) => {
    const body = customerBody({ organisation: merchant.organisation });
    const res = await api.post("/v1/customer", body);
    expect(res.status).toBe(201);
    expect(res.body).toStrictEqual({
      id: expect.stringMatching(UUID),
      organisation: merchant.organisation,
      title: "Ms",
      gender: "female",
      initials: "A.",
      first_name: "Ada",
      last_name: "Lovelace",
      date_of_birth: "1985-12-10",
      email_address: body.email_address,
      phone_number: "+31201234567",
      fax_number: "",
      street_address: "Damrak",
      house_number: "1",
      house_number_suffix: "",
      postal_code: "1012 LG",
      city: "Amsterdam",
      region: "Noord-Holland",
      country_code: "NL",
      social_security_number: "",
      status: "unverified",
      status_reason: "",
      segment: "",
      created_at: expect.stringMatching(ISO_MS),
      last_status_update: expect.stringMatching(ISO_MS),
    });
    expect(res.body.last_status_update).toBe(res.body.created_at);
    expect(Math.abs(Date.parse(res.body.created_at) - Date.now())).toBeLessThan(60_000);
  });

  test("needs only first name, last name and e-mail; organisation defaults to the caller's", async ({
    api,
    merchant,
  }) => {
    const res = await api.post("/v1/customer", {
      first_name: "Grace",
      last_name: "Hopper",
      email_address: "grace@example.com",
    });
    expect(res.status).toBe(201);
    expect(res.body.organisation).toBe(merchant.organisation);
    expect(res.body.country_code).toBe("");
    expect(res.body.date_of_birth).toBe("");
  });

  test('accepts "" for optional fields (a response object sent back)', async ({ api }) => {
    const res = await api.post(
      "/v1/customer",
      customerBody({ phone_number: "", date_of_birth: "", country_code: "", fax_number: "" }),
    );
    expect(res.status).toBe(201);
    expect(res.body.phone_number).toBe("");
  });

  test("GET /v1/customer/<id> reads it back identically, with apiKey or Bearer", async ({ api }) => {
    const created = await api.post("/v1/customer", customerBody());
    const read = await api.get(`/v1/customer/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toStrictEqual(created.body);
    const bearer = await api.get(`/v1/customer/${created.body.id}`, {
      key: null,
      headers: { Authorization: `Bearer ${api.merchant.api_key}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body).toStrictEqual(created.body);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["missing first_name", { first_name: undefined }, "first_name"],
    ["empty last_name", { last_name: "  " }, "last_name"],
    ["missing e-mail", { email_address: undefined }, "email_address"],
    ["bad e-mail", { email_address: "not-an-email" }, "email_address"],
    ["date in another format", { date_of_birth: "10-12-1985" }, "date_of_birth"],
    ["impossible date", { date_of_birth: "1985-02-30" }, "date_of_birth"],
    ["future birth date", { date_of_birth: "2999-01-01" }, "date_of_birth"],
    ["phone without plus", { phone_number: "0201234567" }, "phone_number"],
    ["phone with letters", { phone_number: "+3120CALLME" }, "phone_number"],
    ["lowercase country", { country_code: "nl" }, "country_code"],
    ["unknown country", { country_code: "XX" }, "country_code"],
    ["three-letter country", { country_code: "NLD" }, "country_code"],
    ["number for a string", { city: 42 }, "city"],
    ["null for a string", { first_name: null }, "first_name"],
    ["unknown field", { favourite_colour: "blue" }, "favourite_colour"],
    ["status is not writable", { status: "verified" }, "status"],
    ["organisation not a UUID", { organisation: "acme" }, "organisation"],
    ["overlong name", { first_name: "x".repeat(101) }, "first_name"],
  ];
  for (const [name, override, field] of invalid) {
    test(`rejects ${name} with 101 naming ${field}`, async ({ api }) => {
      const res = await api.post("/v1/customer", customerBody(override));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("101");
      expect(res.body.message).toContain(field);
      expect(res.body.details.resource).toBe("customer");
      expect(Object.keys(res.body.details.invalid_fields)).toContain(field);
    });
  }

  test("names every invalid field at once", async ({ api }) => {
    const res = await api.post("/v1/customer", { first_name: "", email_address: "x", country_code: "xx", extra: 1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details.invalid_fields).sort()).toEqual([
      "country_code",
      "email_address",
      "extra",
      "first_name",
      "last_name",
    ]);
    expect(res.body.details.invalid_fields.last_name).toBe("Required");
    expect(res.body.details.invalid_fields.extra).toBe("Unknown field");
  });

  test("a value PostgreSQL cannot store (NUL) is the customer's 101 too, like the schema's own errors", async ({
    api,
  }) => {
    const res = await api.post("/v1/customer", { ...customerBody(), first_name: "A\u0000" });
    expect(res.status).toBe(400);
    expect(res.body.details).toStrictEqual({
      resource: "customer",
      invalid_fields: { first_name: expect.any(String) },
    });
  });

  test("field names like constructor, toString and __proto__ are unknown fields, each named", async ({ api }) => {
    const body = JSON.stringify({ ...customerBody(), constructor: 1, toString: "x", hasOwnProperty: 2 }).replace(
      /}$/,
      ',"__proto__":3}',
    );
    const res = await api.raw("POST", "/v1/customer", body, { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.details.invalid_fields).toStrictEqual({
      constructor: "Unknown field",
      toString: "Unknown field",
      hasOwnProperty: "Unknown field",
      ["__proto__"]: "Unknown field",
    });
  });

  test("the caller's own organisation in either case, or \"\", is the caller's; the e-mail is trimmed", async ({
    api,
    merchant,
  }) => {
    const upper = await api.post(
      "/v1/customer",
      customerBody({ organisation: merchant.organisation.toUpperCase(), email_address: "  ada@example.com " }),
    );
    expect(upper.status, JSON.stringify(upper.body)).toBe(201);
    expect(upper.body.organisation).toBe(merchant.organisation);
    expect(upper.body.email_address).toBe("ada@example.com");
    const empty = await api.post("/v1/customer", customerBody({ organisation: "" }));
    expect(empty.status, JSON.stringify(empty.body)).toBe(201);
    expect(empty.body.organisation).toBe(merchant.organisation);
  });

  test("another organisation named in the body is reported as not found (120)", async ({ api, otherMerchant }) => {
    const res = await api.post("/v1/customer", customerBody({ organisation: otherMerchant.organisation }));
    expect(res.status).toBe(404);
    expect(res.body).toStrictEqual({
      code: "120",
      message: expect.any(String),
      details: { resource: "organisation", id: otherMerchant.organisation },
    });
  });
});

test.describe("tenant isolation", () => {
  test("another organisation's customer is exactly a missing one (404, 120)", async ({ api, otherApi }) => {
    const created = await api.post("/v1/customer", customerBody());
    const foreign = await otherApi.get(`/v1/customer/${created.body.id}`);
    const missing = await otherApi.get(`/v1/customer/3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("120");
    expect(foreign.body.details).toStrictEqual({ resource: "customer", id: created.body.id });
    expect(missing.status).toBe(404);
    expect(foreign.body.message.replace(created.body.id, "ID")).toBe(
      missing.body.message.replace("3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01", "ID"),
    );
  });

  test("a malformed id is not found, not a server error", async ({ api }) => {
    for (const id of ["abc", "123", "%27%20or%201%3D1", "00000000-0000-0000-0000-00000000000g"]) {
      const res = await api.get(`/v1/customer/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("120");
    }
  });
});
