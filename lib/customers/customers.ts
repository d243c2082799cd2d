import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import type { Customer, Prisma } from "@/lib/generated/prisma/client";
import { isUuid, timestamp } from "@/lib/schemas/common";
import type { CustomerCreate, CustomerObject } from "@/lib/schemas/customer";

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

/**
 * True when the body names an organisation other than the caller's (`""` or none means the
 * caller's). Naming another organisation is answered exactly like naming a missing one: 404 120.
 */
export const namesOtherOrganisation = (input: CustomerCreate, organisationId: string): boolean =>
  Boolean(input.organisation) && input.organisation !== organisationId;

export type CreateCustomerOptions = {
  organisationId: string;
  input: CustomerCreate;
  client?: Client;
  /** The new customer's id (default: a fresh one); an Idempotency-Key fixes it (lib/api/idempotency.ts). */
  id?: string;
};

export async function createCustomer({
  organisationId,
  input,
  client = db(),
  id = randomUUID(),
}: CreateCustomerOptions): Promise<Customer> {
  if (namesOtherOrganisation(input, organisationId)) throw ApiError.notFound("organisation", input.organisation ?? "");

  return client.customer.create({ data: customerRow(organisationId, input, id, new Date()) });
}

/** The stored row of a new customer (every column), for Prisma's create and the lean start's insert. */
export function customerRow(organisationId: string, input: CustomerCreate, id: string, now: Date) {
  return {
    id,
    organisationId,
    title: input.title ?? "",
    gender: input.gender ?? "",
    initials: input.initials ?? "",
    firstName: input.first_name,
    lastName: input.last_name,
    dateOfBirth: input.date_of_birth ?? "",
    emailAddress: input.email_address,
    phoneNumber: input.phone_number ?? "",
    faxNumber: input.fax_number ?? "",
    streetAddress: input.street_address ?? "",
    houseNumber: input.house_number ?? "",
    houseNumberSuffix: input.house_number_suffix ?? "",
    postalCode: input.postal_code ?? "",
    city: input.city ?? "",
    region: input.region ?? "",
    countryCode: input.country_code ?? "",
    socialSecurityNumber: input.social_security_number ?? "",
    status: "unverified",
    statusReason: "",
    segment: "",
    createdAt: now,
    lastStatusUpdate: now,
  };
}

export async function getCustomerOrThrow({
  organisationId,
  id,
  client = db(),
}: {
  organisationId: string;
  id: string;
  client?: Client;
}): Promise<Customer> {
  const customer = isUuid(id) ? await client.customer.findFirst({ where: { id, organisationId } }) : null;
  if (!customer) throw ApiError.notFound("customer", id);

  return customer;
}

export function serializeCustomer(c: Customer): CustomerObject {
  return {
    id: c.id,
    organisation: c.organisationId,
    title: c.title,
    gender: c.gender,
    initials: c.initials,
    first_name: c.firstName,
    last_name: c.lastName,
    date_of_birth: c.dateOfBirth,
    email_address: c.emailAddress,
    phone_number: c.phoneNumber,
    fax_number: c.faxNumber,
    street_address: c.streetAddress,
    house_number: c.houseNumber,
    house_number_suffix: c.houseNumberSuffix,
    postal_code: c.postalCode,
    city: c.city,
    region: c.region,
    country_code: c.countryCode,
    social_security_number: c.socialSecurityNumber,
    status: c.status,
    status_reason: c.statusReason,
    segment: c.segment,
    created_at: timestamp(c.createdAt),
    last_status_update: timestamp(c.lastStatusUpdate),
  };
}
