// npm run listen -- --forward-to http://localhost:4242/webhooks [--api-url URL] [--api-key sk_test_...]
//   Follows GET /v1/events/stream and forwards every event to the local URL, signed exactly like
//   a real delivery (Standard Webhooks headers by the profile's secret, both secrets during a
//   rotation's overlap). One line per event. Reconnects and resumes with Last-Event-ID.
import { parseArgs } from "node:util";
import { cliConfig } from "./cli-config";

const { values } = parseArgs({
  options: {
    "forward-to": { type: "string" },
    "api-url": { type: "string" },
    "api-key": { type: "string" },
  },
});
const forwardTo = values["forward-to"];
if (!forwardTo || !/^https?:\/\//.test(forwardTo)) {
  console.error("Usage: npm run listen -- --forward-to http://localhost:4242/webhooks [--api-url URL] [--api-key KEY]");
  process.exit(2);
}
const { apiUrl, apiKey } = cliConfig(values);

type StreamedEvent = {
  id: string;
  type: string;
  transaction: string;
  payload: { status?: string };
  webhook: { body: string; headers: Record<string, string> };
};

let lastEventId: string | null = null;
// Ids forwarded lately: a reconnect never forwards one twice.
const forwarded = new Set<string>();
let stopping = false;
let current: AbortController | null = null;

async function forward(ev: StreamedEvent): Promise<void> {
  if (forwarded.has(ev.id)) return;
  forwarded.add(ev.id);
  if (forwarded.size > 10_000) forwarded.delete(forwarded.values().next().value as string);
  const started = performance.now();
  let outcome: string;
  try {
    const res = await fetch(forwardTo as string, {
      method: "POST",
      headers: { ...ev.webhook.headers, "user-agent": "Payrail-Listen/1" },
      body: ev.webhook.body,
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    outcome = String(res.status);
    await res.body?.cancel();
  } catch (err) {
    outcome = `error (${(err as Error).message})`;
  }
  const ms = Math.round(performance.now() - started);
  console.log(
    `${new Date().toISOString()}  ${ev.type.padEnd(11)} ${ev.transaction}  ${(ev.payload.status ?? "").padEnd(20)} → ${outcome} in ${ms} ms  [${ev.id}]`,
  );
}

/** A reason to stop rather than reconnect. */
class Fatal extends Error {}

/** One connection: reads SSE frames and forwards each event in order. */
async function follow(): Promise<void> {
  current = new AbortController();
  const res = await fetch(`${apiUrl}/v1/events/stream`, {
    headers: { apiKey, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
    signal: current.signal,
  });
  if (res.status === 401) throw new Fatal(`the API key was refused: ${await res.text()}`);
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  console.error(
    `listening on ${apiUrl}/v1/events/stream${lastEventId ? ` (resumed after ${lastEventId})` : ""}, forwarding to ${forwardTo}`,
  );
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      if (frame.split("\n").includes("event: revoked")) throw new Fatal("the API key was revoked");
      const data = frame
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      const ev = JSON.parse(data) as StreamedEvent;
      await forward(ev);
      lastEventId = ev.id;
    }
  }
  throw new Error("stream ended");
}

async function main(): Promise<void> {
  let delay = 500;
  while (!stopping) {
    const since = Date.now();
    try {
      await follow();
    } catch (err) {
      if (stopping) break;
      // A key that is unknown or revoked will not come back by retrying.
      if (err instanceof Fatal) {
        console.error(`stopped: ${err.message}`);
        process.exit(1);
      }
      if (Date.now() - since > 10_000) delay = 500;
      console.error(`stream interrupted (${(err as Error).message}); reconnecting in ${delay} ms`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopping = true;
    current?.abort();
    process.exit(0);
  });

void main();
