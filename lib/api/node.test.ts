import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES } from "@/lib/api/node";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

/** Every route handler under app/v1 as "METHOD /v1/path/:id" (the catch-all excluded). */
function nextRoutes(): string[] {
  const root = path.resolve("app");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts" && !full.includes("[...")) {
        const route = `/${path.relative(root, dir)}`.replace(/\[(\w+)\]/g, ":$1");
        const source = readFileSync(full, "utf8");
        for (const m of source.matchAll(/export (?:const|async function) (GET|POST|PUT|PATCH|DELETE)\b/g))
          found.push(`${m[1]} ${route}`);
      }
    }
  };
  walk(path.join(root, "v1"));
  return found.sort();
}

describe("the custom server's /v1 route table", () => {
  it("serves exactly the routes that app/v1 mounts as Next route handlers", () => {
    const table = ROUTES.flatMap(([pattern, methods]) => Object.keys(methods).map((m) => `${m} ${pattern}`)).sort();
    expect(table).toEqual(nextRoutes());
  });
});

describe("isDatabaseUnavailable", () => {
  it("recognises connection failures as pg, node and Prisma report them", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("sorry, too many clients already"), { code: "53300" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "P1001" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: { kind: "DatabaseNotReachable" } }))).toBe(true);
    // Prisma's interactive transaction when no pooled connection came free within maxWait.
    const p2028 = "Transaction API error: Unable to start a transaction in the given time.";
    expect(isDatabaseUnavailable(Object.assign(new Error(p2028), { code: "P2028" }))).toBe(true);
    // next-auth's sign-in error around what the credentials check threw: `cause: { err }`.
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("CallbackRouteError", { cause: { err: refused, provider: "x" } }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("CallbackRouteError", { cause: { err: new TypeError("bug") } }))).toBe(
      false,
    );
  });

  it("leaves query and programming errors alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
