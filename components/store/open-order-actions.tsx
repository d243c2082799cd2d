import { primaryButtonClass } from "@/components/store/ui";
import { nextStepOf } from "@/lib/store/checkout";

type OpenOrder = { id: string; paymentProduct: string; approvalUrl: string; payrailTransactionId: string | null };

/**
 * An order of this browser whose payment is still open (the shopper pressed Back on Payrail's
 * page, or closed it): continue paying where it stands, or choose another payment method, which
 * cancels the open payment and puts the items back into the cart (`retry`: the store's retryOrder).
 */
export function OpenOrderActions({
  order,
  retry,
  compact = false,
}: {
  order: OpenOrder;
  /** The store's retryOrder server action. */
  retry: (formData: FormData) => Promise<void>;
  compact?: boolean;
}) {
  return (
    <div className={compact ? "mt-2 flex flex-wrap items-center gap-3" : "mt-5 flex flex-col items-center gap-3"}>
      <a
        href={nextStepOf(order)}
        className={
          compact
            ? "text-sm font-semibold text-stone-900 underline underline-offset-2"
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

/** "Choose another payment method" for an order whose payment is open (`retry`: the store's retryOrder). */
export function ChooseAnotherMethod({
  orderId,
  retry,
  className,
}: {
  orderId: string;
  retry: (formData: FormData) => Promise<void>;
  className?: string;
}) {
  return (
    <form action={retry} className={className}>
      <input type="hidden" name="order_id" value={orderId} />
      <button
        type="submit"
        className="text-sm font-medium text-stone-500 underline-offset-2 hover:text-stone-800 hover:underline"
      >
        Choose another payment method
      </button>
    </form>
  );
}
