"use client";

import { ErrorNotice } from "@/components/shared/error-notice";

// A page (the hosted payment pages among them) that failed to render, e.g. while the database is
// out of reach: a page of Payrail's own instead of Next's bare error screen.
export default function PageError({ error }: { error: Error & { digest?: string } }) {
  return (
    <ErrorNotice digest={error.digest} eyebrow="Payrail sandbox" home={{ href: "/", label: "Payrail home" }} fullPage />
  );
}
