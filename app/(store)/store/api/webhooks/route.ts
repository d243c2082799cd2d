import { StoreNotConfigured } from "@/lib/store/config";
import { receiveWebhook } from "@/lib/store/webhooks";

const MAX_BODY = 64 * 1024;

const tooLarge = () => Response.json({ error: "too_large" }, { status: 413, headers: { "cache-control": "no-store" } });

// POST /store/api/webhooks – Payrail's transaction updates, verified on the raw body
export async function POST(req: Request) {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY) return tooLarge();
  // The signature covers the exact bytes sent: read the text, never a re-serialised JSON. At most
  // 64 KiB is read, counted while it streams in: a sender without Content-Length cannot make us buffer more.
  const raw = await readAtMost(req.body, MAX_BODY);
  if (raw === null) return tooLarge();
  const answer = await receiveWebhook(raw, req.headers).catch((err) => {
    if (err instanceof StoreNotConfigured) return { status: 503, body: { error: "not_configured" } };
    throw err;
  });

  return Response.json(answer.body ?? {}, { status: answer.status, headers: { "cache-control": "no-store" } });
}

/** The body as text, or null as soon as it grows beyond `limit` bytes (the rest is never read). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string | null> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }

  return Buffer.concat(chunks).toString("utf8");
}
