import Image from "next/image";
import { Price } from "@/components/store/ui";

type Line = { key: string; name: string; quantity: number; total: number; image?: string };

export function OrderLines({ lines }: { lines: Line[] }) {
  return (
    <ul className="divide-y divide-stone-100">
      {lines.map((l) => (
        <li key={l.key} className="flex items-center gap-3 py-2.5 text-sm">
          {l.image ? (
            <Image
              src={l.image}
              alt=""
              width={56}
              height={42}
              unoptimized
              className="h-10 w-14 flex-none rounded-md object-cover"
            />
          ) : null}
          <span className="min-w-0 flex-1 text-stone-700">
            {l.name} <span className="text-stone-500">× {l.quantity}</span>
          </span>
          <Price amount={l.total} className="text-stone-900" />
        </li>
      ))}
    </ul>
  );
}

export function OrderTotals({ subtotal, shipping, total }: { subtotal: number; shipping: number; total: number }) {
  return (
    <dl className="mt-3 space-y-1.5 text-sm" data-testid="order-totals">
      <div className="flex justify-between text-stone-600">
        <dt>Subtotal</dt>
        <dd>
          <Price amount={subtotal} />
        </dd>
      </div>
      <div className="flex justify-between text-stone-600">
        <dt>Shipping</dt>
        <dd>{shipping === 0 ? "Free" : <Price amount={shipping} />}</dd>
      </div>
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold text-stone-900">
        <dt>Total</dt>
        <dd>
          <Price amount={total} />
        </dd>
      </div>
    </dl>
  );
}
