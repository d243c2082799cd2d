import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

// GET /health – 200 once the database is reachable and migrations are applied, else 503
export async function GET() {
  const health = await checkHealth();
  const body = health.ok ? { status: "ok" } : { status: "unavailable", reason: health.reason };

  return Response.json(body, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}
