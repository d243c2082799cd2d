import { primaryButtonClass, textActionClass } from "@/components/store/ui";

/**
 * An order of this browser whose payment is still open (the shopper pressed Back on Payrail's
 * page, or closed it): continue paying where it stands, or choose another payment method, which
 * cancels the open payment and puts the items back into the cart (`retry`: the store's retryOrder).
 * "Continue paying" goes through the store's resume route, which first asks Payrail whether the
 * payment still exists (a sandbox reset deletes it) rather than linking to its page directly.
 */
export function OpenOrderActions({
  order,
  retry,
  compact = false,
}: {
  order: { id: string };
  /** The store's retryOrder server action. */
  retry: (formData: FormData) => Promise<void>;
  compact?: boolean;
}) {
  return (
    // Compact (a row of the orders table): text links, each as tall as a finger on a phone and
    // at least 32 px on a wider screen (WCAG 2.5.8), with no extra gap between them.
    <div
      className={
        compact ? "mt-1 flex flex-wrap items-center gap-x-4 sm:gap-x-3" : "mt-5 flex flex-col items-center gap-3"
      }
    >
      <a
        href={`/store/checkout/resume/${order.id}`}
        className={
          compact
            ? `${textActionClass} font-semibold text-stone-900 underline underline-offset-2`
            : `${primaryButtonClass} sm:w-auto sm:px-10`
        }
        data-testid="continue-payment"
      >
        Continue paying
      </a>
      <ChooseAnotherMethod orderId={order.id} retry={retry} />
    </div>
  );
}

/**
 * "Choose another payment method" for an order whose payment is open (`retry`: the store's
 * retryOrder), or, with another `label`, the same way back to checkout for an order whose payment
 * is gone.
 */
export function ChooseAnotherMethod({
  orderId,
  retry,
  className,
  label = "Choose another payment method",
}: {
  orderId: string;
  retry: (formData: FormData) => Promise<void>;
  className?: string;
  label?: string;
}) {
  return (
    <form action={retry} className={className}>
      <input type="hidden" name="order_id" value={orderId} />
      <button
        type="submit"
        className={`${textActionClass} font-medium text-stone-500 underline-offset-2 hover:text-stone-800 hover:underline`}
      >
        {label}
      </button>
    </form>
  );
}
