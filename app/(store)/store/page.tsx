import Image from "next/image";
import Link from "next/link";
import { AddToCartButton } from "@/components/store/add-to-cart-button";
import { Price } from "@/components/store/ui";
import { CATALOGUE, type Product } from "@/lib/store/catalogue";

export const metadata = { title: { absolute: "Payrail Coffee Co. · Specialty coffee & brewing gear" } };

// GET /store – the catalogue
export default function CataloguePage() {
  const coffee = CATALOGUE.filter((p) => p.category === "coffee");
  const gear = CATALOGUE.filter((p) => p.category === "gear");
  const sandbox = CATALOGUE.filter((p) => p.category === "sandbox");

  return (
    <main id="main">
      <section className="border-b border-stone-200 bg-[#f3e9dc]">
        <div className="mx-auto grid max-w-6xl items-center gap-6 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-14">
          <div>
            <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase">Roasted this week</p>
            <h1 className="mt-2 font-serif text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl">
              Good coffee, honestly paid.
            </h1>
            <p className="mt-4 max-w-md text-lg text-stone-600">
              Small-batch beans and the gear to brew them. Checkout offers every Payrail payment method the shop has
              switched on, from cards to PIX.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <a
                href="#coffee"
                className="rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-800"
              >
                Shop coffee
              </a>
              <Link
                href="/store/orders"
                className="rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-50"
              >
                See orders and payments
              </Link>
            </div>
          </div>
          <Image
            src="/store/hero.svg"
            alt="A cup of freshly brewed coffee"
            width={480}
            height={360}
            priority
            unoptimized
            className="mx-auto hidden w-full max-w-md md:block"
          />
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        <ProductSection
          id="coffee"
          title="Coffee"
          intro="Whole beans, 250 g bags, roasted to order."
          products={coffee}
        />
        <ProductSection id="gear" title="Brewing gear" intro="Everything for a better cup at home." products={gear} />
        <ProductSection
          id="sandbox"
          title="Sandbox test items"
          intro="Not coffee: buy one of these on its own to see a server-to-server payment (buy now pay later, direct debit, wallet on this device, a reused SEPA mandate) decline, fail or end unknown. The order total (item plus €4.00 shipping) ends in the sandbox's magic cents."
          products={sandbox}
          compact
        />
      </div>
    </main>
  );
}

type SectionProps = { id: string; title: string; intro: string; products: readonly Product[]; compact?: boolean };

function ProductSection({ id, title, intro, products, compact }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6">
      <div className="mb-5">
        <h2 id={`${id}-title`} className="font-serif text-2xl font-bold tracking-tight text-stone-900">
          {title}
        </h2>
        <p className="mt-1 max-w-3xl text-stone-600">{intro}</p>
      </div>
      <ul className={`grid gap-5 sm:grid-cols-2 ${compact ? "lg:grid-cols-3" : "lg:grid-cols-4"}`}>
        {products.map((p) => (
          <li
            key={p.id}
            className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
            data-testid={`product-${p.id}`}
          >
            <Image
              src={p.image}
              alt={p.name}
              width={480}
              height={compact ? 240 : 360}
              unoptimized
              className={`w-full object-cover ${compact ? "aspect-[2/1]" : "aspect-[4/3]"}`}
            />
            <div className="flex flex-1 flex-col p-4">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold text-stone-900">{p.name}</h3>
                <Price amount={p.price} className="font-semibold text-stone-900" />
              </div>
              <p className="mt-0.5 text-xs text-stone-500">{p.subtitle}</p>
              <p className="mt-2 text-sm text-stone-600">{p.description}</p>
              <ul className="mt-3 flex flex-wrap gap-1.5">
                {p.notes.map((n) => (
                  <li key={n} className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">
                    {n}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-4">
                <AddToCartButton productId={p.id} productName={p.name} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
