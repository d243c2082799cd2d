import type { ReactNode } from "react";
import { formatAmount } from "@/components/pay/format";

type ShellProps = {
  merchantName: string;
  amount: number;
  descriptor: string;
  label: string;
  children: ReactNode;
  /** Inside a merchant's iFrame: no page chrome around the card. */
  framed?: boolean;
};

/** Frame of every hosted sandbox page: who is paid, how much, and that no real money moves. */
export function PayShell({ merchantName, amount, descriptor, label, children, framed }: ShellProps) {
  if (framed) {
    return (
      <main className="bg-white" data-frame-root>
        <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
          <h1 className="text-xs font-normal text-slate-500">
            Pay {merchantName || "the merchant"}
            <span className="block text-xl font-bold text-slate-900" data-testid="amount">
              {formatAmount(amount)}
            </span>
          </h1>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-amber-900 uppercase">
            Sandbox
          </span>
        </div>
        <div className="px-4 py-4">{children}</div>
      </main>
    );
  }
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="bg-amber-400 px-4 py-1.5 text-center text-xs font-semibold tracking-wide text-amber-950 uppercase">
        Sandbox · test payment · no real money moves
      </header>
      <main className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <header className="border-b border-slate-100 px-6 pt-6 pb-5">
            {/* The page's heading: who is paid and how much. */}
            <h1 className="text-sm font-normal text-slate-500">
              Pay <span className="font-medium text-slate-700">{merchantName || "the merchant"}</span>
              <span className="mt-1 block text-3xl font-bold tracking-tight text-slate-900" data-testid="amount">
                {formatAmount(amount)}
              </span>
            </h1>
            {descriptor ? <p className="mt-1 text-sm text-slate-500">{descriptor}</p> : null}
            <p className="mt-3 inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700">
              {label}
            </p>
          </header>
          <div className="px-6 py-6">{children}</div>
        </div>
        <p className="mt-4 text-center text-xs text-slate-600">Payrail sandbox · hosted payment page</p>
      </main>
    </div>
  );
}
