import { describe, expect, it } from "vitest";
import { addItem, parseCartCookie, priceCart, serializeCart, setQuantity } from "@/lib/store/cart";
import { CATALOGUE, shippingFor } from "@/lib/store/catalogue";

describe("cart cookie", () => {
  it("keeps only known products, merges duplicates and clamps quantities", () => {
    const cookie = JSON.stringify([
      ["house-espresso", 3],
      ["nope", 1],
      ["house-espresso", 9],
      ["hand-grinder", 0],
      ["ethiopia-guji", -2],
      ["gooseneck-kettle", 2],
    ]);
    expect(parseCartCookie(cookie)).toEqual([
      ["house-espresso", 10],
      ["gooseneck-kettle", 2],
    ]);
  });

  it("treats anything malformed as an empty cart", () => {
    for (const v of [
      undefined,
      "",
      "{",
      "null",
      "{}",
      '[["a"]]',
      '[["house-espresso", 1.5]]',
      JSON.stringify(Array.from({ length: 21 }, () => ["house-espresso", 1])),
    ]) {
      expect(parseCartCookie(v)).toEqual([]);
    }
  });

  it("round-trips and edits", () => {
    let items = addItem([], "house-espresso");
    items = addItem(items, "hand-grinder", 2);
    items = addItem(items, "house-espresso");
    expect(parseCartCookie(serializeCart(items))).toEqual([
      ["house-espresso", 2],
      ["hand-grinder", 2],
    ]);
    expect(setQuantity(items, "house-espresso", 0)).toEqual([["hand-grinder", 2]]);
    expect(setQuantity(items, "house-espresso", 50)).toEqual([
      ["house-espresso", 10],
      ["hand-grinder", 2],
    ]);
    expect(setQuantity(items, "not-a-product", 1)).toBe(items);
  });
});

describe("prices", () => {
  it("come from the catalogue, with €4.00 shipping below €40", () => {
    expect(priceCart([["house-espresso", 2]])).toMatchObject({ count: 2, subtotal: 2500, shipping: 400, total: 2900 });
    expect(
      priceCart([
        ["house-espresso", 2],
        ["espresso-cups", 1],
      ]),
    ).toMatchObject({ subtotal: 4900, shipping: 0, total: 4900 });
    expect(priceCart([])).toMatchObject({ count: 0, total: 0 });
  });

  it("no regular cart ends in the sandbox's magic cents (51, 52, 53); each tester alone does", () => {
    // Even prices and shipping in whole euros: every sum of regular items ends in an even cent.
    for (const p of CATALOGUE.filter((p) => p.category !== "sandbox")) expect(p.price % 2).toBe(0);
    expect(shippingFor(100) % 100).toBe(0);
    expect(priceCart([["sandbox-decline", 1]]).total % 100).toBe(51);
    expect(priceCart([["sandbox-failure", 1]]).total % 100).toBe(52);
    expect(priceCart([["sandbox-unknown", 1]]).total % 100).toBe(53);
  });
});
