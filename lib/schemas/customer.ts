import { z } from "zod";
import { countryCode, dateOfBirth, e164Phone, optionalText, orEmpty, text, uuid } from "@/lib/schemas/common";

/** `POST /v1/customer` body (also the inline `customer` object of a transaction start). */
export const CustomerCreateSchema = z
  .strictObject({
    organisation: orEmpty(uuid),
    title: optionalText(35),
    gender: optionalText(35),
    initials: optionalText(35),
    first_name: text(100).min(1, "Required"),
    last_name: text(100).min(1, "Required"),
    date_of_birth: orEmpty(dateOfBirth),
    email_address: z.string().trim().email("Expected an e-mail address").max(254),
    phone_number: orEmpty(e164Phone),
    fax_number: orEmpty(e164Phone),
    street_address: optionalText(255),
    house_number: optionalText(20),
    house_number_suffix: optionalText(20),
    postal_code: optionalText(20),
    city: optionalText(100),
    region: optionalText(100),
    country_code: orEmpty(countryCode),
    social_security_number: optionalText(40),
  })
  .meta({ id: "CustomerCreate" });
export type CustomerCreate = z.infer<typeof CustomerCreateSchema>;

/** The customer object as every response returns it: all fields, `""` for unset strings. */
export const CustomerSchema = z
  .strictObject({
    id: z.string(),
    organisation: z.string(),
    title: z.string(),
    gender: z.string(),
    initials: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    date_of_birth: z.string(),
    email_address: z.string(),
    phone_number: z.string(),
    fax_number: z.string(),
    street_address: z.string(),
    house_number: z.string(),
    house_number_suffix: z.string(),
    postal_code: z.string(),
    city: z.string(),
    region: z.string(),
    country_code: z.string(),
    social_security_number: z.string(),
    status: z.string(),
    status_reason: z.string(),
    segment: z.string(),
    created_at: z.string(),
    last_status_update: z.string(),
  })
  .meta({ id: "Customer" });
export type CustomerObject = z.infer<typeof CustomerSchema>;
