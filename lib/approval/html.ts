const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small self-contained page for answers of the browser routes that are not a redirect. */
export function friendlyPage({ title, message, status }: { title: string; message: string; status: number }): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Payrail</title>
<style>body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
p.tag{margin:0 0 .5rem;font-size:.75rem;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:#b45309}
h1{margin:0 0 .75rem;font-size:1.35rem}p{line-height:1.5;color:#475569}</style></head>
<body><main><p class="tag">Payrail sandbox</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;

  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The headers next.config.js gives every answer outside /pay. The custom server's `/v1` answers
 * (lib/api/node.ts) and the approval_url's route (left out of next.config.js, for its page blocked
 * in a frame) set them themselves.
 */
export const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-security-policy": "frame-ancestors 'self'",
};

/** `res` with SECURITY_HEADERS; an answer that set its own frame-ancestors keeps it. */
export function withSecurityHeaders(res: Response): Response {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (!(name === "content-security-policy" && res.headers.has(name))) res.headers.set(name, value);
  return res;
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

export const paymentNotFound = () =>
  friendlyPage({
    title: "Payment not found",
    message: "This payment link is unknown or no longer valid. Please return to the shop and try again.",
    status: 404,
  });

/** A post or page of a payment that another browser opened: nothing changes. */
export const otherBrowserPage = () =>
  friendlyPage({
    title: "Payment open in another window",
    message:
      "This payment was opened from another browser or window and can only be completed there. Please return to the shop and start again if you need to.",
    status: 403,
  });

/**
 * approval_url opened inside a frame that may not show it (mayShowIn in approval.ts): nothing
 * changed. This page itself may be shown in any frame, so the developer of the wrong one sees why
 * (with `frame-ancestors 'none'` the browser showed only "refused to connect", as if the service
 * were down): it names the origin that may frame the card page and the one that tried. It holds
 * nothing to click and nothing secret beyond the `origin` the merchant chose.
 */
export function blockedFramePage({ allowed, parent }: { allowed: string | null; parent: string | null }): Response {
  const here = parent ? `this page (${parent})` : "a page whose origin the browser did not send";
  const message = allowed
    ? `This card page may only be embedded by ${allowed}, the origin given when the payment was started; it was opened inside ${here}. The origin must match exactly: scheme, host and port (localhost and 127.0.0.1 differ). Nothing was changed.`
    : "This payment page cannot be shown inside a frame: only the card page can be embedded, when the payment is started with the embedding page's origin. Open approval_url in the window instead. Nothing was changed.";
  const res = friendlyPage({ title: "Payment page blocked in this frame", message, status: 403 });
  res.headers.set("content-security-policy", "frame-ancestors *");
  return res;
}
