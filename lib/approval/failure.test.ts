import { describe, expect, it } from "vitest";
import type { Loaded } from "@/lib/approval/approval";
import { returnOnFailure, UNEXPECTED_ERROR } from "@/lib/approval/failure";

const ID = "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01";
const loadedWith = (details: Record<string, unknown>) => async () =>
  ({
    transaction: { id: ID, details },
    redirectUrl: details.redirect_url,
  }) as unknown as Loaded;
const fail = async (): Promise<Response> => {
  throw new Error("database exploded");
};

describe("returnOnFailure (spec 4.5.3: still redirect, with error)", () => {
  it("passes a step's own answer through", async () => {
    const res = await returnOnFailure(ID, async () => new Response("ok"), loadedWith({}));
    expect(await res.text()).toBe("ok");
  });

  it("sends the shopper back to redirect_url with transaction_id and error when a step fails", async () => {
    const res = await returnOnFailure(ID, fail, loadedWith({ redirect_url: "https://shop.example/r?o=1" }));
    expect(res.status).toBe(303);
    const url = new URL(res.headers.get("location") ?? "");
    expect(url.origin + url.pathname).toBe("https://shop.example/r");
    expect(url.searchParams.get("o")).toBe("1");
    expect(url.searchParams.get("transaction_id")).toBe(ID);
    expect(url.searchParams.get("error")).toBe(UNEXPECTED_ERROR);
  });

  it("inside the card iFrame, ends on the done page, which hands the URL to the merchant's window", async () => {
    const res = await returnOnFailure(
      ID,
      fail,
      loadedWith({ redirect_url: "https://shop.example/r", origin: "https://shop.example" }),
    );
    expect(res.headers.get("location")).toBe(
      `/pay/${ID}/card/done?o=${encodeURIComponent("https://shop.example")}&e=failed`,
    );
  });

  it("shows a friendly page, never a stack trace, when not even the return address can be read", async () => {
    const res = await returnOnFailure(ID, fail, async () => {
      throw new Error("still down");
    });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("exploded");
  });
});
