"use server";

import { requireDashboardUser } from "@/lib/auth/next-auth";
import { type ActionState, field } from "@/lib/dashboard/action-state";
import { auditedAction } from "@/lib/dashboard/audited-action";
import { countsText, organisationName, resetFormSchema, SeedFormSchema } from "@/lib/dashboard/settings";
import { resetOrganisation } from "@/lib/sandbox/reset";
import { seedOrganisation } from "@/lib/sandbox/seed";

const changed = ["/dashboard", "/dashboard/transactions", "/dashboard/settings"];

export async function resetAction(_: ActionState, form: FormData): Promise<ActionState> {
  const me = await requireDashboardUser();
  const values = { confirmation: field(form, "confirmation") };
  return auditedAction({
    action: "sandbox.reset",
    schema: resetFormSchema(await organisationName(me.organisationId)),
    input: values,
    values,
    run: (_d, user) => resetOrganisation(user.organisationId),
    done: (counts, _d, user) => ({
      target: user.organisationId,
      details: counts,
      message: `Sandbox reset. Deleted ${countsText(counts)}.`,
    }),
    revalidate: changed,
  });
}

export async function seedAction(_: ActionState, form: FormData): Promise<ActionState> {
  const values = { transactions: field(form, "transactions") };
  const text = values.transactions.trim();
  return auditedAction({
    action: "sandbox.seed",
    schema: SeedFormSchema,
    input: { transactions: /^\d+$/.test(text) ? Number(text) : text || undefined },
    values,
    run: ({ transactions }, user) => seedOrganisation({ organisationId: user.organisationId, transactions }),
    done: (r, _d, user) => ({
      target: user.organisationId,
      details: { transactions: r.transactions, customers: r.customers, refunds: r.refunds, events: r.events },
      message: `Seeded ${countsText({ transactions: r.transactions })} (${countsText({ customers: r.customers, refunds: r.refunds, webhook_events: r.events })}) over the last 30 days in ${r.ms} ms.`,
    }),
    revalidate: changed,
  });
}
