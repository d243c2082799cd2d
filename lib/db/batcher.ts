/**
 * Writes that arrive together go to PostgreSQL together: at most `inFlight` batches run at once;
 * whatever arrives meanwhile waits and goes, up to `max` items, in the next batch. An item that
 * finds a free slot goes at once, so an idle server adds no wait, and the busier it is, the more
 * items share one round trip, one plan and one commit (docs/decisions.md, "Starts are written in
 * batches").
 *
 * `run` writes a batch in one statement and returns one result per item, in order (a statement
 * fails or succeeds as a whole). When it fails and `aloneOnError(err)` says the error may be one
 * item's doing (a constraint, a value PostgreSQL refuses), each item of a larger batch is retried
 * alone (`runOne`; by default `run` with that one item), so only its own caller sees its error; any other error (the database is
 * unreachable) goes to every caller of the batch as it is.
 */
export type BatcherOptions<I, R> = {
  inFlight: number;
  max: number;
  run: (items: I[]) => Promise<R[]>;
  runOne?: (item: I) => Promise<R>;
  aloneOnError: (err: unknown) => boolean;
};

type Waiting<I, R> = { item: I; resolve: (r: R) => void; reject: (err: unknown) => void };

export function createBatcher<I, R>(opts: BatcherOptions<I, R>): (item: I) => Promise<R> {
  const waiting: Waiting<I, R>[] = [];
  let running = 0;
  const runOne = opts.runOne ?? (async (item: I) => (await opts.run([item]))[0]);

  const runBatch = async (batch: Waiting<I, R>[]) => {
    let results: R[];
    try {
      results = await opts.run(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length > 1 && opts.aloneOnError(err)) {
        await Promise.all(batch.map((w) => runOne(w.item).then(w.resolve, w.reject)));
      } else for (const w of batch) w.reject(err);
      return;
    }
    batch.forEach((w, i) => {
      w.resolve(results[i]);
    });
  };

  const pump = () => {
    while (running < opts.inFlight && waiting.length > 0) {
      const batch = waiting.splice(0, opts.max);
      running++;
      void runBatch(batch).finally(() => {
        running--;
        pump();
      });
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
}

/** A PostgreSQL error caused by a statement's data (SQLSTATE classes 22, 23, 40), not by the connection. */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|23|40)/.test(code);
}
