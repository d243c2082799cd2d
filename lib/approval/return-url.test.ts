import { describe, expect, it } from "vitest";
import { buildReturnUrl } from "@/lib/approval/return-url";

const id = "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01";

describe("buildReturnUrl", () => {
  it("appends transaction_id", () => {
    expect(buildReturnUrl("https://shop.example/return", id)).toBe(`https://shop.example/return?transaction_id=${id}`);
  });

  it("keeps the existing query and fragment", () => {
    expect(buildReturnUrl("https://shop.example/r?order=42&x=a%20b#top", id)).toBe(
      `https://shop.example/r?order=42&x=a%20b&transaction_id=${id}#top`,
    );
    expect(buildReturnUrl("https://shop.example/r?", id)).toBe(`https://shop.example/r?transaction_id=${id}`);
  });

  it("drops a transaction_id or error the merchant's URL already carries, and nothing else", () => {
    expect(buildReturnUrl("https://shop.example/r?transaction_id={id}&order=42&transaction%5Fid=x#top", id)).toBe(
      `https://shop.example/r?order=42&transaction_id=${id}#top`,
    );
    expect(buildReturnUrl("https://shop.example/r?error=old&errors=1&my_error=2", id)).toBe(
      `https://shop.example/r?errors=1&my_error=2&transaction_id=${id}`,
    );
    expect(buildReturnUrl("https://shop.example/r?transaction_id=old", id, "Expired")).toBe(
      `https://shop.example/r?transaction_id=${id}&error=Expired`,
    );
    const url = new URL(buildReturnUrl("https://shop.example/r?x=%ZZ&&transaction_id", id));
    expect(url.search).toBe(`?x=%ZZ&transaction_id=${id}`);
    expect(url.searchParams.getAll("transaction_id")).toEqual([id]);
  });

  it("encodes error with encodeURIComponent semantics (%20, not +)", () => {
    const url = buildReturnUrl("https://shop.example/r", id, "The payment session expired. (100% sure) & more");
    expect(url).toBe(
      `https://shop.example/r?transaction_id=${id}&error=The%20payment%20session%20expired.%20(100%25%20sure)%20%26%20more`,
    );
    expect(decodeURIComponent(new URL(url).search.split("error=")[1])).toBe(
      "The payment session expired. (100% sure) & more",
    );
  });

  it("puts a URL written outside printable ASCII in its ASCII form (UTF-8 percent-encoding, punycode host)", () => {
    expect(buildReturnUrl("https://shop.example/räß?q=€&x=ä b#top", id)).toBe(
      `https://shop.example/r%C3%A4%C3%9F?q=%E2%82%AC&x=%C3%A4%20b&transaction_id=${id}#top`,
    );
    expect(buildReturnUrl("https://shöp.example/r", id)).toBe(`https://xn--shp-tna.example/r?transaction_id=${id}`);
    const url = new URL(buildReturnUrl("http://127.0.0.1:4151/ret?x=ä b&y=1", id, "Expired"));
    expect(url.searchParams.get("x")).toBe("ä b");
    expect(url.searchParams.get("y")).toBe("1");
    expect(url.searchParams.get("transaction_id")).toBe(id);
  });
});
