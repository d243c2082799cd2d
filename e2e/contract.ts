import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * Every /v1 response the API tests receive is checked against the OpenAPI document the server
 * itself serves (GET /v1/openapi.json), not against the zod schemas it was generated from: a status
 * or a body the contract does not describe fails the test that received it.
 */

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: Json };

const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The servers under test (playwright.config.ts): E2E_PORT and the three after it. */
const OUR_PORTS = new Set([0, 1, 2, 3].map((i) => String(E2E_PORT + i)));
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

let docPromise: Promise<Contract> | undefined;
/** `METHOD /path/{template} STATUS` of every response validated by this worker. */
const validated = new Set<string>();
let responsesChecked = 0;

class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; regex: RegExp; params: number }[];

  constructor(readonly doc: Doc) {
    addFormats(this.ajv);
    // Static paths before templated ones: the router prefers /v1/transaction/start to /v1/transaction/{id}.
    this.templates = Object.keys(doc.paths)
      .map((template) => ({
        template,
        regex: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      // The components travel along so that `#/components/schemas/...` resolves inside this schema.
      v = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(key, v);
    }
    return v;
  }

  /** Returns what is wrong with the response, or null when the contract describes it. */
  check(method: string, pathname: string, status: number, contentType: string, text: string): string | null {
    const m = method.toLowerCase();
    const match = this.templates.find((t) => t.regex.test(pathname));
    const parse = (): { ok: true; body: unknown } | { ok: false } => {
      try {
        return { ok: true, body: JSON.parse(text) };
      } catch {
        return { ok: false };
      }
    };
    const againstSchema = (key: string, schema: Json): string | null => {
      if (!contentType.includes("application/json")) return `expected JSON, got content-type ${contentType || "none"}`;
      const parsed = parse();
      if (!parsed.ok) return "the body is not JSON";
      const validate = this.validator(key, schema);
      if (validate(parsed.body)) return null;
      return this.ajv.errorsText(validate.errors, { dataVar: "body" });
    };
    const errorSchema = { $ref: "#/components/schemas/Error" };

    if (!match) {
      // /v1 paths that no route serves answer the error object (120), like any other failure.
      validated.add(`${method} (unknown path) ${status}`);
      if (status !== 404) return `no path of the document matches, and the answer is ${status}, not 404`;
      return againstSchema("unknown-path", errorSchema);
    }
    const op = this.doc.paths[match.template][m];
    const key = `${method} ${match.template} ${status}`;
    if (!op) {
      validated.add(key);
      // A method the path does not have: the framework answers 405 (issue 12 documents its body).
      if (status !== 405) return `${method} is not documented for ${match.template}, and the answer is ${status}`;
      return text ? againstSchema(key, errorSchema) : null;
    }
    const response = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`];
    if (!response) {
      return `status ${status} is not documented for ${method} ${match.template} (documented: ${Object.keys(op.responses).join(", ")})`;
    }
    validated.add(key);
    const media = response.content?.["application/json"];
    if (media?.schema) return againstSchema(key, media.schema);
    if (response.content) {
      const types = Object.keys(response.content);
      return types.some((t) => contentType.startsWith(t)) ? null : `content-type ${contentType} is not one of ${types}`;
    }
    return text ? `the contract documents no body for ${key}, but one came` : null;
  }
}

async function contract(): Promise<Contract> {
  docPromise ??= fetch(`http://localhost:${E2E_PORT}/v1/openapi.json`)
    .then((r) => {
      if (!r.ok) throw new Error(`GET /v1/openapi.json answered ${r.status}`);
      return r.json();
    })
    .then((doc: Doc) => new Contract(doc));
  return docPromise;
}

/** Throws when a /v1 response of one of the servers under test is not described by the contract. */
async function checkAgainstContract(method: string, res: APIResponse): Promise<void> {
  const url = new URL(res.url());
  if (!["localhost", "127.0.0.1"].includes(url.hostname) || !OUR_PORTS.has(url.port)) return;
  if (!url.pathname.startsWith("/v1/") || !METHODS.has(method.toLowerCase())) return;
  const c = await contract();
  const text = await res.text();
  const problem = c.check(method.toUpperCase(), url.pathname, res.status(), res.headers()["content-type"] ?? "", text);
  responsesChecked++;
  if (problem) {
    throw new Error(
      `Response not described by the OpenAPI document: ${method.toUpperCase()} ${url.pathname} → ${res.status()}: ${problem}\nbody: ${text.slice(0, 500)}`,
    );
  }
}

/** The same request context, with every response checked against the contract. */
export function contractChecked(ctx: APIRequestContext): APIRequestContext {
  return new Proxy(ctx, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (!["get", "post", "put", "patch", "delete", "head", "fetch"].includes(String(prop))) return value.bind(target);
      return async (url: string, options?: { method?: string }) => {
        const res: APIResponse = await value.call(target, url, options);
        const method = prop === "fetch" ? (options?.method ?? "GET") : String(prop);
        await checkAgainstContract(method, res);
        return res;
      };
    },
  });
}

/** Where each worker leaves what it validated (e2e/contract-summary.ts adds them up). */
export const CONTRACT_REPORT_DIR = path.join("test-results", "openapi-validated");

process.on("exit", () => {
  if (responsesChecked === 0) return;
  mkdirSync(CONTRACT_REPORT_DIR, { recursive: true });
  writeFileSync(
    path.join(CONTRACT_REPORT_DIR, `worker-${process.pid}.json`),
    JSON.stringify({ responses: responsesChecked, shapes: [...validated].sort() }),
  );
});
