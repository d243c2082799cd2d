"use client";

import { ErrorNotice } from "@/components/shared/error-notice";

// A dashboard page (or the signed-in layout itself) that failed to render, e.g. while the database
// is out of reach: said as the dashboard's own page, not as a sign-in problem.
export default function DashboardError({ error }: { error: Error & { digest?: string } }) {
  return (
    <ErrorNotice
      digest={error.digest}
      eyebrow="Payrail dashboard"
      home={{ href: "/dashboard", label: "Dashboard overview" }}
      fullPage
    />
  );
}
