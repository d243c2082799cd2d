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

  it("hands a freed slot to the waiting host with the fewest in flight, not to a dead endpoint's backlog", () => {
    const slots = new HostSlots(2, 3);
    expect(["dead:1", "dead:1", "dead:2"].map((h) => slots.tryAcquire(h))).toEqual([true, true, true]);
    // The process is full: nobody can take a slot.
    expect(slots.pickWaiting(["dead:1", "healthy:3"])).toBeUndefined();
    slots.release("dead:2");
    expect(slots.pickWaiting(["dead:1", "dead:2", "healthy:3"])).toBe("dead:2");
    expect(slots.pickWaiting(["dead:1", "healthy:3"])).toBe("healthy:3");
    // A host at its own cap is passed over.
    expect(slots.pickWaiting(["dead:1"])).toBeUndefined();
  });
});
