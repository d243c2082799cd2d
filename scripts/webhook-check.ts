// npm run webhook-check -- URL [--api-url URL] [--api-key sk_test_...] [--payment-profile ID]
//   Asks Payrail (POST /v1/test/webhook-check) to send its battery of deliveries to URL and prints
//   the grade of each check. Exit code 0 when every check passed, 1 otherwise.
import { parseArgs } from "node:util";
import { cliConfig } from "./cli-config";

const USAGE = `usage: npm run webhook-check -- URL [--api-key sk_test_...] [--payment-profile ID] [--api-url URL]

Sends the webhook handler check's battery of deliveries to URL, signed with the secret of the
API key's payment profile (default key: the demo merchant's), and prints a grade per check.
Exit code 0 when every check passed, 1 when one failed, 2 on an error.`;

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      "api-url": { type: "string" },
      "api-key": { type: "string" },
      "payment-profile": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
try {
  parsed = parse();
} catch (err) {
  console.error(`${(err as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const { values, positionals } = parsed;
const { apiUrl, apiKey } = cliConfig(values);

type Report = {
  url: string;
  checks: { name: string; expected: string; got: string; pass: boolean; advice: string }[];
  passed: number;
  failed: number;
};

async function main(): Promise<number> {
  const body: Record<string, string> = {};
  if (positionals[0]) body.url = positionals[0];
  if (values["payment-profile"]) body.payment_profile = values["payment-profile"];
  const res = await fetch(`${apiUrl}/v1/test/webhook-check`, {
    method: "POST",
    headers: { apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) {
    console.error(`error ${json.code}: ${json.message}`);
    return 2;
  }
  const report = json as Report;
  console.log(`Webhook handler check of ${report.url}`);
  for (const c of report.checks) {
    console.log(`  ${c.pass ? "PASS" : "FAIL"}  ${c.name.padEnd(26)} expected ${c.expected}, got ${c.got}`);
    if (!c.pass) console.log(`        ${c.advice}`);
  }
  console.log(`${report.passed} passed, ${report.failed} failed`);

  return report.failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
