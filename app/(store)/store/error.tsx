"use client";

import { ErrorNotice } from "@/components/shared/error-notice";

// A store page that failed to render: inside the shop's own header, with the way back to the shop.
export default function StoreError({ error }: { error: Error & { digest?: string } }) {
  return <ErrorNotice digest={error.digest} home={{ href: "/store", label: "Back to the shop" }} tone="store" />;
}
