import { describe, expect, it } from "vitest";
import { createBatcher, isDataError } from "@/lib/db/batcher";

/** A controllable batch writer: each call waits until released, and is recorded. */
function writer() {
  const calls: number[][] = [];
  const releases: (() => void)[] = [];
  let failWith: ((items: number[]) => unknown) | null = null;
  const run = async (items: number[]) => {
    calls.push(items);
    await new Promise<void>((r) => releases.push(r));
    const err = failWith?.(items);
    if (err) throw err;
    return items.map((i) => i * 10);
  };
  return {
    calls,
    run,
    releaseAll: () => {
      for (const r of releases.splice(0)) r();
    },
    failWhen: (f: (items: number[]) => unknown) => {
      failWith = f;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const dataError = Object.assign(new Error("duplicate key"), { code: "23505" });

describe("createBatcher", () => {
  it("sends an item at once while a slot is free, and batches what arrives while all are busy", async () => {
    const w = writer();
    const add = createBatcher({ inFlight: 2, max: 3, run: w.run, runOne: async (i) => i, aloneOnError: isDataError });
    const results = [1, 2, 3, 4, 5, 6, 7].map((i) => add(i));
    await tick();
    // Two slots: items 1 and 2 went alone; 3..7 wait.
    expect(w.calls).toStrictEqual([[1], [2]]);
    w.releaseAll();
    await tick();
    // Both slots freed: the waiting items go in batches of at most 3.
    expect(w.calls).toStrictEqual([[1], [2], [3, 4, 5], [6, 7]]);
    w.releaseAll();
    expect(await Promise.all(results)).toStrictEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it("without runOne, an item of a failed batch is retried as a batch of its own (run with one item)", async () => {
    const calls: number[][] = [];
    const add = createBatcher({
      inFlight: 1,
      max: 10,
      run: async (items: number[]) => {
        calls.push(items);
        if (items.includes(3)) throw dataError;
        return items.map((i) => i * 10);
      },
      aloneOnError: isDataError,
    });
    const first = add(1); // goes at once, alone
    const rest = [2, 3, 4].map((i) =>
      add(i).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toStrictEqual([{ v: 20 }, { e: "duplicate key" }, { v: 40 }]);
    expect(calls).toStrictEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("retries each item of a failed batch alone when the error may be one item's doing", async () => {
    const w = writer();
    const alone: number[] = [];
    const add = createBatcher({
      inFlight: 1,
      max: 10,
      run: w.run,
      runOne: async (i: number) => {
        alone.push(i);
        if (i === 3) throw dataError;
        return i * 100;
      },
      aloneOnError: isDataError,
    });
    const first = add(1);
    const rest = [2, 3, 4].map((i) =>
      add(i).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    await tick();
    w.failWhen((items) => (items.includes(3) ? dataError : null));
    w.releaseAll();
    await tick();
    w.releaseAll();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toStrictEqual([{ v: 200 }, { e: "duplicate key" }, { v: 400 }]);
    expect(alone).toStrictEqual([2, 3, 4]);
  });

  it("hands any other error to every caller of the batch, without retrying", async () => {
    const w = writer();
    let alone = 0;
    const add = createBatcher({
      inFlight: 1,
      max: 10,
      run: w.run,
      runOne: async (i: number) => {
        alone++;
        return i;
      },
      aloneOnError: isDataError,
    });
    const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    w.failWhen(() => down);
    const results = [1, 2, 3].map((i) => add(i).catch((e: Error) => e.message));
    await tick();
    w.releaseAll();
    await tick();
    w.releaseAll();
    expect(await Promise.all(results)).toStrictEqual(Array(3).fill("connect ECONNREFUSED"));
    expect(alone).toBe(0);
  });

  it("keeps working after a failed batch", async () => {
    const w = writer();
    const add = createBatcher({ inFlight: 1, max: 10, run: w.run, runOne: async (i) => i, aloneOnError: () => false });
    w.failWhen(() => new Error("boom"));
    const failed = add(1).catch((e: Error) => e.message);
    await tick();
    w.releaseAll();
    expect(await failed).toBe("boom");
    w.failWhen(() => null);
    const ok = add(2);
    await tick();
    w.releaseAll();
    expect(await ok).toBe(20);
  });
});

describe("isDataError", () => {
  it("is true for data, constraint and serialisation errors only", () => {
    expect(isDataError({ code: "23505" })).toBe(true);
    expect(isDataError({ code: "22P02" })).toBe(true);
    expect(isDataError({ code: "40P01" })).toBe(true);
    expect(isDataError({ code: "08006" })).toBe(false);
    expect(isDataError({ code: "57P01" })).toBe(false);
    expect(isDataError(new Error("timeout"))).toBe(false);
    expect(isDataError(null)).toBe(false);
  });
});
