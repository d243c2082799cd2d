/**
 * The shop's catalogue. Prices are EUR cents and live only here, on the server: the cart cookie
 * holds product ids and quantities, never prices.
 *
 * Every regular price is an even number of cents, so no mix of regular products can end in
 * 51/52/53 cents, the sandbox's "magic amounts" of server-to-server charges
 * (docs/payment-products.md). The three sandbox testers do, on purpose: alone in the cart (plus
 * €4.00 shipping) they make a server-to-server payment decline, fail or end UNKNOWN.
 */
export type Product = {
  id: string;
  name: string;
  /** One line under the name ("250 g · whole beans"). */
  subtitle: string;
  description: string;
  /** Tasting notes or features, shown as chips. */
  notes: readonly string[];
  price: number;
  image: string;
  category: "coffee" | "gear" | "sandbox";
};

export const CATALOGUE: readonly Product[] = [
  {
    id: "house-espresso",
    name: "House Espresso",
    subtitle: "250 g · whole beans · Brazil & Guatemala",
    description: "Our everyday espresso: syrupy body and a long caramel finish, forgiving in any machine.",
    notes: ["Dark chocolate", "Hazelnut", "Caramel"],
    price: 1250,
    image: "/store/house-espresso.svg",
    category: "coffee",
  },
  {
    id: "ethiopia-guji",
    name: "Ethiopia Guji",
    subtitle: "250 g · whole beans · washed",
    description: "A floral, tea-like single origin from the Guji highlands. Made for pour-over.",
    notes: ["Jasmine", "Bergamot", "Peach"],
    price: 1590,
    image: "/store/ethiopia-guji.svg",
    category: "coffee",
  },
  {
    id: "colombia-huila",
    name: "Colombia Huila",
    subtitle: "250 g · whole beans · honey process",
    description: "Sweet and round, from smallholders around Pitalito. Great as espresso or filter.",
    notes: ["Red apple", "Panela", "Cocoa"],
    price: 1390,
    image: "/store/colombia-huila.svg",
    category: "coffee",
  },
  {
    id: "night-owl-decaf",
    name: "Night Owl Decaf",
    subtitle: "250 g · whole beans · Swiss Water",
    description: "All the comfort, none of the caffeine: decaffeinated with water only.",
    notes: ["Milk chocolate", "Almond", "Brown sugar"],
    price: 1290,
    image: "/store/night-owl-decaf.svg",
    category: "coffee",
  },
  {
    id: "espresso-cups",
    name: "Espresso Cup Pair",
    subtitle: "2 × 80 ml · stoneware",
    description: "Thick-walled cups that keep the crema warm, glazed by hand in Delft.",
    notes: ["Dishwasher safe", "Set of two"],
    price: 2400,
    image: "/store/espresso-cups.svg",
    category: "gear",
  },
  {
    id: "pour-over-dripper",
    name: "Pour-Over Dripper",
    subtitle: "Ceramic V-cone · 1–4 cups",
    description: "Spiral ribs and a single large hole for a fast, clean cup. Fits standard #02 filters.",
    notes: ["Porcelain", "#02 filters"],
    price: 2900,
    image: "/store/pour-over-dripper.svg",
    category: "gear",
  },
  {
    id: "hand-grinder",
    name: "Hand Grinder",
    subtitle: "Stainless steel burrs · 40 settings",
    description: "Grinds 20 g for a pour-over in under a minute, from espresso-fine to French-press coarse.",
    notes: ["Conical burrs", "Travel size"],
    price: 6400,
    image: "/store/hand-grinder.svg",
    category: "gear",
  },
  {
    id: "gooseneck-kettle",
    name: "Gooseneck Kettle",
    subtitle: "0.9 l · stovetop & induction",
    description: "A precise, slow pour for even extraction, with a built-in thermometer.",
    notes: ["Thermometer", "Induction ready"],
    price: 4900,
    image: "/store/gooseneck-kettle.svg",
    category: "gear",
  },
  {
    id: "sandbox-decline",
    name: "Decline tester",
    subtitle: "Sandbox item · €0.51",
    description: "Alone in the cart the total ends in ,51: a server-to-server payment is declined.",
    notes: ["Ends in 51 → DECLINED"],
    price: 51,
    image: "/store/sandbox-tester.svg",
    category: "sandbox",
  },
  {
    id: "sandbox-failure",
    name: "Failure tester",
    subtitle: "Sandbox item · €0.52",
    description: "Alone in the cart the total ends in ,52: a server-to-server payment fails.",
    notes: ["Ends in 52 → FAILED"],
    price: 52,
    image: "/store/sandbox-tester.svg",
    category: "sandbox",
  },
  {
    id: "sandbox-unknown",
    name: "Unknown-status tester",
    subtitle: "Sandbox item · €0.53",
    description: "Alone in the cart the total ends in ,53: a server-to-server payment ends UNKNOWN.",
    notes: ["Ends in 53 → UNKNOWN"],
    price: 53,
    image: "/store/sandbox-tester.svg",
    category: "sandbox",
  },
];

const BY_ID = new Map(CATALOGUE.map((p) => [p.id, p]));

export const findProduct = (id: string): Product | undefined => BY_ID.get(id);

export const SHIPPING_FEE = 400;
export const FREE_SHIPPING_FROM = 4000;

/** Flat €4.00, free from €40.00 (a multiple of 100 cents, so it never changes the cents). */
export const shippingFor = (subtotal: number) => (subtotal === 0 || subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE);
