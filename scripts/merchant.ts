// npm run merchant -- create --name NAME [--webhook-url URL]
// Prints one JSON line {organisation, payment_profile, api_key, webhook_secret} on stdout.
import { parseArgs } from "node:util";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db/prisma";
import { createMerchant } from "@/lib/merchants/create-merchant";

const usage = `Usage:
  npm run merchant -- create --name NAME [--webhook-url URL]`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== "create") {
    console.error(usage);
    return 2;
  }
  const { values } = parseArgs({ args: rest, options: { name: { type: "string" }, "webhook-url": { type: "string" } } });
  try {
    const created = await createMerchant({ name: values.name ?? "", webhook_url: values["webhook-url"] });
    process.stdout.write(`${JSON.stringify(created)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof ApiError) {
      console.error(`error ${err.code}: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await db().$disconnect();
  }
}

main().then((code) => process.exit(code));
