import { receiveWebhook } from "@/lib/store/webhooks";

const MAX_BODY = 64 * 1024;

// POST /store/api/webhooks – Payrail's transaction updates, verified on the raw body
export async function POST(req: Request) {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY)
    return Response.json({ error: "too_large" }, { status: 413 });
  // The signature covers the exact bytes sent: read the text, never a re-serialised JSON.
  const raw = await req.text();
  if (raw.length > MAX_BODY) return Response.json({ error: "too_large" }, { status: 413 });
  const answer = await receiveWebhook(raw, req.headers);

  return Response.json(answer.body ?? {}, { status: answer.status, headers: { "cache-control": "no-store" } });
}
