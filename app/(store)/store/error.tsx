"use client";

import { ErrorNotice } from "@/components/shared/error-notice";

// A store page that failed to render: inside the shop's own header, with the way back to the shop.
// The main element is the skip link's target (layout.tsx), as on every store page.
export default function StoreError({ error }: { error: Error & { digest?: string } }) {
  return (
    <main id="main" className="px-4 sm:px-6">
      <ErrorNotice digest={error.digest} home={{ href: "/store", label: "Back to the shop" }} tone="store" />
    </main>
  );
}
