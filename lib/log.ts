import pino from "pino";

/**
 * Card data never reaches a log line: these paths are censored wherever they appear, and the
 * card page never logs request bodies in the first place.
 */
export const REDACTED_PATHS = [
  "card_cvv",
  "card_number",
  "cvc",
  "pan",
  "*.card_cvv",
  "*.card_number",
  "*.cvc",
  "*.pan",
  "details.card_cvv",
  "body.details.card_cvv",
  "headers.apikey",
  "headers.authorization",
];

const g = globalThis as unknown as { payrailLog?: pino.Logger };

export function log(): pino.Logger {
  g.payrailLog ??= pino({
    level: process.env.LOG_LEVEL ?? "info",
    base: { service: "payrail" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  });
  return g.payrailLog;
}
