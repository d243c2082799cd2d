// A small round-robin front for `--instances N`: each request goes to the next upstream in
// turn, over keep-alive connections; an upstream that refuses the connection is skipped for
// that request (the next one is tried). It stands in for a load balancer; not for production.
//
//   PORT=3730 UPSTREAMS=http://127.0.0.1:3731,http://127.0.0.1:3732 node scripts/bench/proxy.mjs
import http from "node:http";

const port = Number(process.env.PORT ?? 3730);
const upstreams = (process.env.UPSTREAMS ?? "")
  .split(",")
  .filter(Boolean)
  .map((u) => new URL(u));
if (!upstreams.length) throw new Error("UPSTREAMS is empty");
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

function forward(req, res, body, tries) {
  const target = upstreams[next++ % upstreams.length];
  const headers = { ...req.headers, host: target.host, "x-forwarded-for": req.socket.remoteAddress ?? "" };
  const up = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
    (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    },
  );
  up.on("error", (e) => {
    if (e.code === "ECONNREFUSED" && tries > 1) return forward(req, res, body, tries - 1);
    if (!res.headersSent) {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "199", message: `upstream: ${e.message}` } }));
    } else res.destroy();
  });
  up.end(body);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => forward(req, res, Buffer.concat(chunks), upstreams.length));
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => process.stderr.write(`[proxy] ${port} -> ${upstreams.join(", ")}\n`));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(0));
