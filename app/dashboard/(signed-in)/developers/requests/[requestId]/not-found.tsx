import { NotFoundNotice } from "@/components/dashboard/not-found-notice";

// An unknown request of the log: it may simply be too old, as the log keeps only the newest rows.
export default function RequestNotFound() {
  return (
    <NotFoundNotice
      note="the request log keeps the last 1,000 requests"
      links={[{ href: "/dashboard/developers/requests", label: "Request log" }]}
    />
  );
}
