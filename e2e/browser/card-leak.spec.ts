import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { expect, test } from "../fixtures";
import { start, startMerchantStub } from "./helpers";

/** A Luhn-valid American Express number (15 digits, 4-digit code) that no other test uses. */
function distinctiveAmex(seed: number): string {
  const body = `37${String(seed).padStart(6, "0")}914${String(seed * 7919)
    .padStart(7, "0")
    .slice(-3)}`.slice(0, 14);
  for (let check = 0; check < 10; check++) {
    const candidate = body + check;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let d = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("unreachable");
}

/** Column types that can hold text a leak would be written into (text, varchar, char, json, jsonb, bytea, name). */
const TEXT_TYPES = new Set([25, 1043, 1042, 114, 3802, 17, 19]);

/**
 * Every row of every table in every schema (what a pg_dump data section holds; this project's
 * machines have only Debian's pg_dump 15, which refuses the embedded PostgreSQL 17). `all` has every
 * column, for the card numbers; `text` only the columns that can hold text, for the 3-4 digit codes,
 * which would otherwise match serial ids, amounts and timestamps by chance.
 */
async function dumpDatabase(url: string): Promise<{ all: string; text: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables.length).toBeGreaterThan(5);
    let all = "";
    let text = "";
    for (const t of tables) {
      const result = await client.query(`select * from "${t.schema}"."${t.name}"`);
      const textual = result.fields.filter((f) => TEXT_TYPES.has(f.dataTypeID)).map((f) => f.name);
      for (const row of result.rows) {
        all += `${JSON.stringify(row)}\n`;
        text += `${JSON.stringify(textual.map((c) => row[c]))}\n`;
      }
    }
    return { all, text };
  } finally {
    await client.end();
  }
}

/**
 * The value as a token of its own ("8317", =8317, :8317), not digits inside another token: a UUID
 * segment (…-8317-…), a hash or a longer number would otherwise match by chance.
 */
const standalone = (needle: string) => new RegExp(`(?<![0-9A-Za-z_-])${needle}(?![0-9A-Za-z_-])`);

test("no CVC and no full card number in the database or the server logs", async ({ page, api }) => {
  test.setTimeout(120_000);
  const stub = await startMerchantStub();
  const cards = [1, 2, 3].map((i) => ({ number: distinctiveAmex(400 + i), cvc: ["8317", "6053", "9241"][i - 1] }));
  const tokens: string[] = [];
  try {
    for (const card of cards) {
      const t = await start(api, "card", { redirect_url: stub.returnUrl, force_3DSecure: card.cvc === "6053" });
      await page.goto(t.details.approval_url);
      await page.getByLabel("Card number").fill(card.number);
      await page.getByLabel("Expiry").fill("11/31");
      await page.getByLabel("Security code").fill(card.cvc);
      await page.getByLabel("Name on card").fill("Leak Test");
      await page.getByRole("button", { name: "Pay now" }).click();
      if (card.cvc === "6053") await page.getByRole("button", { name: "Authenticate" }).click();
      await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
      const read = (await api.get(`/v1/transaction/${t.id}`)).body;
      expect(read.status).toBe("SETTLEMENT_REQUESTED");
      tokens.push(read.details.card_token);
    }
    // Token charges send the CVC in the API body too.
    const tokenCvcs = ["7413", "5179"]; // odd: store order totals (even cents) can never equal them
    for (const [i, cvc] of tokenCvcs.entries()) {
      const res = await api.post("/v1/transaction/start", {
        payment_profile: api.merchant.payment_profile,
        amount: 1234,
        customer: { first_name: "Leak", last_name: "Test", email_address: "leak@example.com" },
        payment_product: "card",
        details: {
          card_token: tokens[i],
          card_holder: "Leak Test",
          card_cvv: cvc,
          card_expiry_month: 11,
          card_expiry_year: 2031,
        },
      });
      expect(res.status).toBe(201);
      cards.push({ number: "", cvc });
    }
  } finally {
    await stub.close();
  }

  const dump = await dumpDatabase(process.env.DATABASE_URL!);
  const logs = readdirSync("test-results")
    .filter((f) => /^server-\d+\.log$/.test(f))
    .map((f) => readFileSync(`test-results/${f}`, "utf8"))
    .join("\n");
  // The searches can find what is there: the last four digits and the tokens are stored.
  for (const card of cards.filter((c) => c.number)) expect(dump.text).toContain(card.number.slice(-4));
  for (const token of tokens) expect(dump.text).toContain(token);
  expect(logs).toContain("card submitted");

  for (const { number, cvc } of cards) {
    for (const [name, everything] of [
      ["database", dump.all],
      ["server log", logs],
    ] as const) {
      if (number) {
        expect(everything.includes(number), `full card number in the ${name}`).toBe(false);
        expect(everything.replace(/\s/g, "").includes(number), `spaced card number in the ${name}`).toBe(false);
      }
    }
    expect(standalone(cvc).test(dump.text), `CVC ${cvc} in the database`).toBe(false);
    // Log lines are JSON: a code leaks as text (in a string or a message); numbers such as
    // durations are written bare after a key ("durationMs":8317) and are not a leak.
    expect(new RegExp(`(?<![0-9A-Za-z_-]|":)${cvc}(?![0-9A-Za-z_-])`).test(logs), `CVC ${cvc} in the server log`).toBe(
      false,
    );
  }
});
