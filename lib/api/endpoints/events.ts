import { endpoint } from "@/lib/api/endpoint";
import { eventStream, listEvents, streamStart } from "@/lib/sandbox/events";
import { serializeWebhookEvent } from "@/lib/webhooks/serialize";

// GET /v1/events – The organisation's webhook events, newest first, filtered, keyset-paginated
export const listEventsEndpoint = endpoint({ resource: "event_list" }, async ({ query, auth }) => {
  const page = await listEvents(auth.organisationId, Object.fromEntries(query));

  return {
    status: 200,
    body: { data: page.rows.map(serializeWebhookEvent), has_more: page.hasMore, next_cursor: page.nextCursor },
  };
});

// GET /v1/events/stream – Live tail as Server-Sent Events, resumable with Last-Event-ID
export const eventStreamEndpoint = endpoint({}, async ({ headers, query, auth }) => {
  const lastEventId = headers.get("last-event-id") ?? query.get("last_event_id");
  const start = await streamStart(auth.organisationId, lastEventId || null);

  return {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
    body: eventStream(auth, start),
  };
});
