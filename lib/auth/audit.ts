import { db } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";

export type AuditEntry = {
  organisationId: string;
  /** The dashboard user, or null for the CLI. */
  userId: string | null;
  /** The user's e-mail, or "cli". */
  actor: string;
  action: string;
  target?: string;
  details?: Prisma.InputJsonObject;
};

/** Records one action in the organisation's audit log. */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  await db().auditLog.create({
    data: {
      organisationId: entry.organisationId,
      userId: entry.userId,
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? "",
      details: entry.details ?? {},
    },
  });
}

/** The organisation's latest audit entries, newest first. */
export function listAudit(organisationId: string, limit = 200) {
  return db().auditLog.findMany({ where: { organisationId }, orderBy: { id: "desc" }, take: limit });
}
