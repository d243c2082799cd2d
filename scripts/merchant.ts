// npm run merchant -- create --name NAME [--webhook-url URL] [--email E --password P]   (with a dashboard login)
//   prints one JSON line {organisation, payment_profile, api_key, webhook_secret[, dashboard_user]}
// npm run merchant -- key create --organisation ID   (another key: rotation)
// npm run merchant -- key revoke --key sk_test_...
// npm run merchant -- user --organisation ID --email E --password P   (a dashboard login)
// npm run merchant -- seed --organisation ID --transactions N   (realistic history, last 30 days)
// npm run merchant -- products --profile ID [--enable a,b] [--disable c,d]
//   payment products on/off per payment profile (all on by default); prints {payment_profile, enabled, disabled}
// npm run merchant -- invite --organisation ID --email E   (prints a one-time link that sets a password)
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { recordAudit } from "@/lib/auth/audit";
import { createDashboardUser, DashboardUserSchema } from "@/lib/auth/dashboard-users";
import { parseInput } from "@/lib/errors/validation";
import { createInvite } from "@/lib/auth/invites";
import { createApiKey, revokeApiKey } from "@/lib/merchants/key-management";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { seedOrganisation } from "@/lib/sandbox/seed";
import { setProfileProducts } from "@/lib/merchants/payment-products";

const usage = `Usage:
  npm run merchant -- create --name NAME [--webhook-url URL] [--email E --password P]
  npm run merchant -- key create --organisation ID
  npm run merchant -- key revoke --key sk_test_...
  npm run merchant -- user --organisation ID --email E --password P
  npm run merchant -- seed --organisation ID --transactions N
  npm run merchant -- products --profile ID [--enable PRODUCT,...] [--disable PRODUCT,...]
  npm run merchant -- invite --organisation ID --email E`;

const options = {
  name: { type: "string" },
  "webhook-url": { type: "string" },
  organisation: { type: "string" },
  key: { type: "string" },
  email: { type: "string" },
  password: { type: "string" },
  transactions: { type: "string" },
  profile: { type: "string" },
  enable: { type: "string", multiple: true },
  disable: { type: "string", multiple: true },
} as const;

/** `--enable a,b --enable c` → [a, b, c] */
const list = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);

async function run(args: string[]): Promise<unknown> {
  const [command, sub] = args;
  const { values } = parseArgs({ args: args.slice(command === "key" ? 2 : 1), options });
  if (command === "create") return createWithLogin(values);
  if (command === "key" && sub === "create") return createApiKey(values.organisation ?? "");
  if (command === "key" && sub === "revoke") return revokeApiKey(values.key ?? "");
  if (command === "user")
    return createDashboardUser({
      organisation: values.organisation ?? "",
      email: values.email ?? "",
      password: values.password ?? "",
    });
  if (command === "seed")
    return seedOrganisation({
      organisationId: values.organisation ?? "",
      transactions: values.transactions === undefined ? 1000 : Number(values.transactions),
    });
  if (command === "products")
    return setProfileProducts({
      profile: values.profile ?? "",
      enable: list(values.enable),
      disable: list(values.disable),
    });
  if (command === "invite") {
    const invite = await createInvite({ organisation: values.organisation ?? "", email: values.email ?? "" });
    await recordAudit({
      organisationId: invite.organisation,
      userId: null,
      actor: "cli",
      action: "user.invite",
      target: invite.invite,
      details: { email: invite.email },
    });
    return invite;
  }
  return undefined;
}

/**
 * A merchant, and with --email/--password its first dashboard login: the login is checked before
 * anything is created, so a refused one never leaves a merchant whose key was not printed.
 * Without, stderr (at a terminal) says how to add one (the login the server prints is the demo
 * organisation's).
 */
async function createWithLogin(values: { name?: string; "webhook-url"?: string; email?: string; password?: string }) {
  const login = values.email !== undefined || values.password !== undefined;
  if (login) {
    const { email } = parseInput(
      DashboardUserSchema,
      { organisation: randomUUID(), email: values.email ?? "", password: values.password ?? "" },
      "dashboard_user",
    );
    if (await db().dashboardUser.findUnique({ where: { email }, select: { id: true } }))
      throw ApiError.validation("dashboard_user", { email: "Already has a login" });
  }
  const created = await createMerchant({ name: values.name ?? "", webhook_url: values["webhook-url"] });
  if (!login) {
    // Said to a person at a terminal only: scripts (the tests' fixtures) read stdout, stderr stays quiet.
    if (process.stderr.isTTY)
      console.error(
        `dashboard: add a login with  npm run merchant -- user --organisation ${created.organisation} --email E --password P`,
      );
    return created;
  }
  const user = await createDashboardUser({
    organisation: created.organisation,
    email: values.email ?? "",
    password: values.password ?? "",
  });
  return { ...created, dashboard_user: user.email };
}

async function main(): Promise<number> {
  try {
    const result = await run(process.argv.slice(2));
    if (result === undefined) {
      console.error(usage);
      return 2;
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof ApiError) {
      console.error(`error ${err.code}: ${err.message}${err.details ? ` ${JSON.stringify(err.details)}` : ""}`);
      return 1;
    }
    if (err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`${err.message}\n${usage}`);
      return 2;
    }
    throw err;
  } finally {
    await db().$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
