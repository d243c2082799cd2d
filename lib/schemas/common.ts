import countries from "i18n-iso-countries";
import { z } from "zod";

/** A trimmed string of at most `max` characters. */
export const text = (max = 255) => z.string().trim().max(max, `At most ${max} characters`);

/** Optional string field where `""` also means "not set" (responses send `""` for unset). */
export const optionalText = (max = 255) => text(max).optional();

const emptyString = z.literal("");

/** A calendar date `YYYY-MM-DD` that exists (no 2023-02-30). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date as YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Not a calendar date");

export const dateOfBirth = isoDate.refine(
  (s) => s >= "1900-01-01" && s <= new Date().toISOString().slice(0, 10),
  "Must be a date between 1900-01-01 and today",
);

/** E.164: a plus sign, a country code not starting with 0, at most 15 digits in all. */
export const e164Phone = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, "Expected an international number in E.164 format, e.g. +31201234567");

/** ISO 3166-1 alpha-2, uppercase. */
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, "Expected a two-letter uppercase ISO 3166-1 country code")
  .refine((c) => countries.isValid(c), "Not an ISO 3166-1 country code");

const URL_MESSAGE = "Expected an absolute http(s) URL";

/**
 * An absolute http(s) URL of at most 2048 characters, the one URL rule of the API (redirect_url,
 * webhook URLs). Control characters are refused before zod's URL check sees them: it would drop
 * tabs and line breaks without a word, so the URL used would not be the one the merchant sent.
 */
export const httpUrl = (error: string | ((issue: { input: unknown }) => string) = URL_MESSAGE) =>
  z.preprocess(
    (value, ctx) => {
      if (typeof value === "string" && /\p{Cc}/u.test(value))
        ctx.addIssue({
          code: "custom",
          message: "Control characters (line breaks, tabs) are not allowed",
          input: value,
        });
      return value;
    },
    z.url({ protocol: /^https?$/, error }).max(2048, "At most 2048 characters"),
  );

/** A UUID in either case, stored and compared in lowercase (PostgreSQL prints them so). */
export const uuid = z.uuid({ message: "Expected a UUID" }).overwrite((s) => s.toLowerCase());

/** Accepts `""` as unset for an optional field validated by `schema`. */
export const orEmpty = <S extends z.ZodType<string>>(schema: S) => z.union([emptyString, schema]).optional();

/** UUID-shaped check for path parameters (a malformed id is simply not found). */
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** ISO 8601 UTC with milliseconds: `2026-11-22T07:53:11.123Z`. */
export const timestamp = (d: Date) => d.toISOString();
