// The production server (`npm start`, the end-to-end servers): one node:http server in front of
// Next. `/v1/*` goes straight to the transport-neutral endpoints through node-native glue
// (lib/api/node.ts, bundled by scripts/build-api.mjs); everything else (pages, store, dashboard,
// hosted pages, /health) goes to Next's request handler. Plain `next start` still serves /v1
// through the route handlers in app/v1 (same endpoints), and so does `next dev`.
// Usage: node scripts/server.mjs [-p PORT]   (DATABASE_URL etc. as for next start)
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV = "production";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const portFlag = process.argv.indexOf("-p");
const port = Number(portFlag > -1 ? process.argv[portFlag + 1] : (process.env.PORT ?? 3000));
process.env.PORT = String(port);
const hostname = process.env.HOSTNAME || "0.0.0.0";
const distDir = process.env.NEXT_DIST_DIR || ".next";

const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname, port });
await app.prepare();
const handleNext = app.getRequestHandler();
// Only after prepare(): the bundle must not touch Next's request-scoped machinery before it exists.
const { answerOddRequest, handleApiRequest, isApiPath, flushRequestLog, MAX_BODY_BYTES } = await import(
  pathToFileURL(path.join(root, distDir, "payrail/api.mjs")).href
);

// requireHostHeader: false, so that a request without Host gets the error object from
// answerOddRequest instead of node:http's empty 400.
const handle = (req, res) => {
  if (answerOddRequest(req, res)) return;
  if (isApiPath(req.url ?? "/")) {
    handleApiRequest(req, res).then(
      (handled) => handled || handleNext(req, res),
      () => fail(res),
    );
    return;
  }
  handleNext(req, res);
};
const server = http.createServer({ requireHostHeader: false }, handle);
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// `Expect: 100-continue`: an API body over the cap is refused (413) before the client sends it;
// anything else is told to go on.
server.on("checkContinue", (req, res) => {
  const declared = Number(req.headers["content-length"] ?? "NaN");
  if (!(isApiPath(req.url ?? "/") && declared > MAX_BODY_BYTES)) res.writeContinue();
  handle(req, res);
});

// Any other `Expect`: node:http would answer an empty 417.
server.on("checkExpectation", (req, res) => {
  req.resume();
  const body = JSON.stringify({ code: "100", message: "The Expect header is not supported (only 100-continue is)." });
  res.writeHead(417, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "request-id": requestId(),
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
});

// Requests node:http refuses before any handler runs (header too large, malformed request line,
// bad Content-Length): the API's JSON error object instead of a bare status line.
server.on("clientError", (err, socket) => {
  if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
  // Garbage after a request still being answered (pipelined): that answer is the client's, not a
  // 400 written in its place; the connection ends once it is sent.
  const pending = socket._httpMessage;
  if (pending && !pending.writableEnded) {
    pending.shouldKeepAlive = false;
    pending.once("finish", () => socket.destroy());
    pending.once("close", () => socket.destroy());
    return;
  }
  if (err.code === "HPE_HEADER_OVERFLOW")
    return answerRaw(
      socket,
      "431 Request Header Fields Too Large",
      "100",
      "The request line or headers are too large.",
    );
  answerRaw(socket, "400 Bad Request", "100", "The request is malformed HTTP.");
});

// CONNECT (a proxy's method): node:http would drop the connection without a word.
server.on("connect", (_req, socket) =>
  answerRaw(socket, "405 Method Not Allowed", "103", "CONNECT is not supported: this is not a proxy."),
);

/** The error object written straight to a socket that has no response object, then closed. */
function answerRaw(socket, statusLine, code, message) {
  const body = JSON.stringify({ code, message });
  socket.end(
    `HTTP/1.1 ${statusLine}\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n` +
      `request-id: ${requestId()}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function fail(res) {
  if (res.headersSent) return res.destroy();
  const body = JSON.stringify({
    code: "199",
    message: "An internal error occurred. It has been logged; please try again.",
  });
  res.writeHead(500, { "content-type": "application/json; charset=utf-8", "request-id": requestId() }).end(body);
}

/** As lib/api/request-log.ts's newRequestId, for the answers given here. */
const requestId = () => `req_${randomBytes(12).toString("hex")}`;

server.listen(port, hostname, () => {
  process.stderr.write(`[server] listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}\n`);
});

let closing = false;
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    server.close();
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), 3_000).unref();
    // The request log's buffered entries (at most ~200 ms of requests) are written before exit.
    Promise.resolve(flushRequestLog?.())
      .catch(() => {})
      .then(() => app.close?.())
      .catch(() => {})
      .finally(() => process.exit(0));
  });
}
