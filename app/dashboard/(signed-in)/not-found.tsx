import { NotFoundNotice } from "@/components/dashboard/not-found-notice";

// A page or transaction of the dashboard that does not exist (or is another organisation's), and
// any unknown /dashboard/… address ([...missing]/page.tsx). A request of the log has its own.
export default function DashboardNotFound() {
  return <NotFoundNotice />;
}
