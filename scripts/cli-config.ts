import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Where the CLI tools (listen, webhook-check) find Payrail and a key: --api-url / PAYRAIL_API_URL
 * (default http://localhost:$PORT) and --api-key / PAYRAIL_API_KEY (default: the local demo
 * merchant's key, read from the data folder the service writes it to).
 */
export function cliConfig(values: { "api-url"?: string; "api-key"?: string }): { apiUrl: string; apiKey: string } {
  const apiUrl = (
    values["api-url"] ??
    process.env.PAYRAIL_API_URL ??
    `http://localhost:${process.env.PORT ?? 3000}`
  ).replace(/\/+$/, "");
  let apiKey = values["api-key"] ?? process.env.PAYRAIL_API_KEY;
  if (!apiKey) {
    const file = path.resolve(process.env.PAYRAIL_DATA_DIR ?? ".data", "demo-merchant.json");
    if (!existsSync(file)) throw new Error(`No --api-key given and no demo merchant in ${file} (start Payrail once).`);
    apiKey = String(JSON.parse(readFileSync(file, "utf8")).api_key);
  }

  return { apiUrl, apiKey };
}
