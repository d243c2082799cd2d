export const GET = () => Response.json({ ok: true });
