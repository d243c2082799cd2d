"use client";

import { useActionState } from "react";
import { addToCart, type AddToCartState } from "@/app/(store)/store/actions";

/**
 * "Add to cart" as a form (works without JavaScript); with it, the button confirms in place. Its
 * accessible name starts with the visible text (WCAG 2.5.3, label in name: "Add to cart" spoken
 * by voice control finds it), then says which product. While adding it is only aria-disabled (a
 * press is ignored): a disabled button would drop the keyboard focus to the page's start.
 */
export function AddToCartButton({ productId, productName }: { productId: string; productName: string }) {
  const [state, action, pending] = useActionState<AddToCartState, FormData>(addToCart, { added: 0 });

  return (
    <form action={action} className="flex items-center gap-3">
      <input type="hidden" name="product_id" value={productId} />
      <button
        type="submit"
        aria-disabled={pending || undefined}
        onClick={(e) => {
          if (pending) e.preventDefault();
        }}
        aria-label={`Add to cart: ${productName}`}
        className="inline-flex items-center justify-center rounded-lg bg-stone-900 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-stone-800 focus:ring-2 focus:ring-amber-300 focus:outline-none aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        {pending ? "Adding…" : "Add to cart"}
      </button>
      <span aria-live="polite" className="text-sm text-emerald-700">
        {state.error ? (
          <span className="text-red-700">{state.error}</span>
        ) : state.added > 0 && !pending ? (
          "Added ✓"
        ) : (
          ""
        )}
      </span>
    </form>
  );
}
