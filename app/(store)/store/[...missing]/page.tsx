import { notFound } from "next/navigation";

// GET /store/<anything else> – without this catch-all Next would answer with the app's root 404
// (Payrail's hosted-payment page); notFound() here renders the store's not-found.tsx in the
// store's layout, with status 404.
export default function MissingStorePage() {
  notFound();
}
