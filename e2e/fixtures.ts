import { execFileSync } from "node:child_process";
import { test as base, expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { contractChecked } from "./contract";

export type Merchant = { organisation: string; payment_profile: string; api_key: string; webhook_secret: string };

/**
 * Provisions a merchant through the real CLI (same database as the server under test, unless
 * `env` points it elsewhere: e2e/isolated.ts).
 */
export function createMerchant(name: string, webhookUrl?: string, env: Record<string, string> = {}): Merchant {
  const args = ["scripts/merchant.ts", "create", "--name", name];
  if (webhookUrl) args.push("--webhook-url", webhookUrl);
  const out = execFileSync("node_modules/.bin/tsx", args, { encoding: "utf8", env: { ...process.env, ...env } });

  return JSON.parse(out.trim());
}

export type ApiCall = { status: number; body: any; headers: Record<string, string> };

/** A small typed client: every call returns status, parsed JSON body and headers. */
export class Api {
  constructor(
    private request: APIRequestContext,
    public merchant: Merchant,
  ) {}

  /** The underlying Playwright request context (for non-API calls such as form posts). */
  get requestContext(): APIRequestContext {
    return this.request;
  }

  async post(
    path: string,
    data?: unknown,
    opts: { key?: string | null; headers?: Record<string, string> } = {},
  ): Promise<ApiCall> {
    return this.wrap(await this.request.post(path, { data: data as any, headers: this.headers(opts) }));
  }

  async get(path: string, opts: { key?: string | null; headers?: Record<string, string> } = {}): Promise<ApiCall> {
    return this.wrap(await this.request.get(path, { headers: this.headers(opts) }));
  }

  async raw(
    method: string,
    path: string,
    body: string | Buffer | undefined,
    headers: Record<string, string>,
  ): Promise<ApiCall> {
    return this.wrap(
      await this.request.fetch(path, { method, data: body, headers: { apiKey: this.merchant.api_key, ...headers } }),
    );
  }

  private headers(opts: { key?: string | null; headers?: Record<string, string> }) {
    const key = opts.key === undefined ? this.merchant.api_key : opts.key;
    return { ...(key ? { apiKey: key } : {}), ...opts.headers };
  }

  private async wrap(res: APIResponse): Promise<ApiCall> {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {}

    return { status: res.status(), body, headers: res.headers() };
  }
}

type WorkerFixtures = { merchant: Merchant; otherMerchant: Merchant };
type TestFixtures = { api: Api; otherApi: Api };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every /v1 response of every API test is checked against the served OpenAPI document (e2e/contract.ts).
  request: async ({ request }, use) => use(contractChecked(request)),
  merchant: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => use(createMerchant(`E2E merchant ${workerInfo.workerIndex}`)),
    { scope: "worker" },
  ],
  otherMerchant: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => use(createMerchant(`E2E other ${workerInfo.workerIndex}`)),
    { scope: "worker" },
  ],
  api: async ({ request, merchant }, use) => use(new Api(request, merchant)),
  otherApi: async ({ request, otherMerchant }, use) => use(new Api(request, otherMerchant)),
});

export { expect };

/** A customer body with every field the spec's create request carries. */
export function customerBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Ms",
    gender: "female",
    initials: "A.",
    first_name: "Ada",
    last_name: "Lovelace",
    date_of_birth: "1985-12-10",
    street_address: "Damrak",
    house_number: "1",
    city: "Amsterdam",
    region: "Noord-Holland",
    postal_code: "1012 LG",
    country_code: "NL",
    phone_number: "+31201234567",
    email_address: `ada+${Math.random().toString(36).slice(2)}@example.com`,
    ...overrides,
  };
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The second server under test, whose transactions get short timers (playwright.config.ts). */
export const FAST_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** Polls `fn` until it returns a truthy value (timers, webhooks). */
export async function eventually<T>(
  fn: () => Promise<T | undefined | false>,
  { timeout = 15_000, interval = 200 } = {},
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, interval));
  }
}
