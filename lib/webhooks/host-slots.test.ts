import { describe, expect, it } from "vitest";
import { HostSlots } from "@/lib/webhooks/host-slots";

describe("HostSlots", () => {
  it("caps each host on its own, so a busy host leaves room for the others", () => {
    const slots = new HostSlots(2, 10);
    expect(slots.tryAcquire("slow:1")).toBe(true);
    expect(slots.tryAcquire("slow:1")).toBe(true);
    expect(slots.tryAcquire("slow:1")).toBe(false);
    expect(slots.tryAcquire("fast:2")).toBe(true);
    expect(slots.inFlight("slow:1")).toBe(2);
    expect(slots.inFlight()).toBe(3);
  });

  it("caps the process overall", () => {
    const slots = new HostSlots(5, 3);
    expect(["a", "b", "c", "d"].map((h) => slots.tryAcquire(h))).toEqual([true, true, true, false]);
    slots.release("a");
    expect(slots.tryAcquire("d")).toBe(true);
  });

  it("frees slots on release and ignores a release without an acquire", () => {
    const slots = new HostSlots(1, 1);
    expect(slots.tryAcquire("a")).toBe(true);
    slots.release("a");
    slots.release("a");
    slots.release("never");
    expect(slots.inFlight()).toBe(0);
    expect(slots.tryAcquire("a")).toBe(true);
    expect(slots.tryAcquire("b")).toBe(false);
  });
});
