import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";

export const metadata: Metadata = { title: "Not found" };

// Any other /dashboard/… address: the dashboard's own "Not found" (HTTP 404, with the dashboard's
// navigation), not the shopper's page of app/not-found.tsx, which an unmatched URL would reach.
// Signed in first, like every dashboard page: the URLs that exist are nobody else's business.
export default async function UnknownDashboardPage() {
  await requireDashboardOrganisation();
  notFound();
}
