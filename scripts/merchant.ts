// npm run merchant -- create --name NAME [--webhook-url URL]
//   prints one JSON line {organisation, payment_profile, api_key, webhook_secret}
// npm run merchant -- key create --organisation ID   (another key: rotation)
// npm run merchant -- key revoke --key sk_test_...
// npm run merchant -- user --organisation ID --email E --password P   (a dashboard login)
// npm run merchant -- products --profile ID [--enable a,b] [--disable c,d]
//   payment products on/off per payment profile (all on by default); prints {payment_profile, enabled, disabled}
import { parseArgs } from "node:util";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { createDashboardUser } from "@/lib/auth/dashboard-users";
import { createApiKey, revokeApiKey } from "@/lib/merchants/key-management";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { setProfileProducts } from "@/lib/merchants/payment-products";

const usage = `Usage:
  npm run merchant -- create --name NAME [--webhook-url URL]
  npm run merchant -- key create --organisation ID
  npm run merchant -- key revoke --key sk_test_...
  npm run merchant -- user --organisation ID --email E --password P
  npm run merchant -- products --profile ID [--enable PRODUCT,...] [--disable PRODUCT,...]`;

const options = {
  name: { type: "string" },
  "webhook-url": { type: "string" },
  organisation: { type: "string" },
  key: { type: "string" },
  email: { type: "string" },
  password: { type: "string" },
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
  if (command === "create") return createMerchant({ name: values.name ?? "", webhook_url: values["webhook-url"] });
  if (command === "key" && sub === "create") return createApiKey(values.organisation ?? "");
  if (command === "key" && sub === "revoke") return revokeApiKey(values.key ?? "");
  if (command === "user")
    return createDashboardUser({
      organisation: values.organisation ?? "",
      email: values.email ?? "",
      password: values.password ?? "",
    });
  if (command === "products")
    return setProfileProducts({
      profile: values.profile ?? "",
      enable: list(values.enable),
      disable: list(values.disable),
    });
  return undefined;
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
