// GET /docs/api – the API reference (Scalar), rendered in the browser from GET /v1/openapi.json.
// Everything it loads comes from this server: the script from the installed @scalar/api-reference
// package (/docs/api/scalar.js), the document from /v1/openapi.json; no CDN, no web fonts.
// The container is not `#api-reference`: the bundle mounts an empty reference (a loading skeleton
// that never ends, above ours) on an element with that id by itself.
const CONFIG = {
  url: "/v1/openapi.json",
  // "Try it" sends requests straight to this server (the document's server is "/"), never through a proxy.
  withDefaultFonts: false,
  hideDownloadButton: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: false,
  authentication: { preferredSecurityScheme: "apiKey" },
  metaData: { title: "Payrail API reference" },
};

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Payrail API reference</title>
  </head>
  <body>
    <div id="payrail-api-reference"></div>
    <script src="/docs/api/scalar.js"></script>
    <script>Scalar.createApiReference("#payrail-api-reference", ${JSON.stringify(CONFIG)});</script>
  </body>
</html>
`;

export function GET() {
  return new Response(HTML, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
}
