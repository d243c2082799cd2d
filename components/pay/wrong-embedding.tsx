export function WrongEmbedding() {
  return (
    <main className="px-6 py-10 text-center">
      <p className="text-base font-semibold text-slate-800">This payment page cannot be shown here.</p>
      <p className="mt-2 text-sm text-slate-500">Please return to the shop and start the payment again.</p>
    </main>
  );
}
