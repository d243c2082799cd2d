/** What the checkout form's Server Action answers (client-safe). */
export type CheckoutState =
  | { status: "idle"; attempt: number; values?: Record<string, string> }
  | {
      status: "error";
      attempt: number;
      values: Record<string, string>;
      fieldErrors: Record<string, string>;
      formError?: string;
    }
  /** Placed: the browser leaves for `url` (approval_url, the card page, or the return page). */
  | { status: "redirect"; attempt: number; url: string; values: Record<string, string> };

export const initialCheckoutState: CheckoutState = { status: "idle", attempt: 0 };
