import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { customerBody, eventually, type Merchant } from "./fixtures";

export type Delivery = { path: string; headers: Record<string, string>; body: string; at: number };

/**
 * How a receiver answers: `ok` (200), a status code, `hang` (never answers), `reset` (drops the
 * connection), `redirect` (301 to another path on 127.0.0.1), `huge` (200 with a 10 MB body),
 * `slow` (200 after `delayMs`).
 */
export type Mode = "ok" | number | "hang" | "reset" | "redirect" | "huge" | "slow";

/** A webhook receiver inside the test process: node:http on 127.0.0.1, port chosen by the OS. */
export class Receiver {
  readonly deliveries: Delivery[] = [];
  mode: Mode;
  delayMs = 100;
  /** Requests received whose answer has not been sent yet. */
  inFlight = 0;
  private server: http.Server;
  private sockets = new Set<Socket>();
  private port = 0;

  private constructor(mode: Mode) {
    this.mode = mode;
    this.server = this.createServer();
  }

  static async start(mode: Mode = "ok"): Promise<Receiver> {
    const r = new Receiver(mode);
    await r.listen(0);

    return r;
  }

  url(path = "/hook", host = "127.0.0.1"): string {
    return `http://${host}:${this.port}${path}`;
  }

  get portNumber(): number {
    return this.port;
  }

  /** Goes down: the port refuses connections until up(). Open connections are dropped. */
  async down(): Promise<void> {
    await this.closeServer();
  }

  async up(): Promise<void> {
    this.server = this.createServer();
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.closeServer();
  }

  /** Deliveries whose webhook-id is `id`. */
  forEvent(id: string): Delivery[] {
    return this.deliveries.filter((d) => d.headers["webhook-id"] === id);
  }

  async waitForCount(n: number, timeout = 15_000): Promise<Delivery[]> {
    await eventually(async () => this.deliveries.length >= n, { timeout, interval: 50 });

    return this.deliveries;
  }

  private createServer(): http.Server {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        this.deliveries.push({
          path: req.url ?? "/",
          headers,
          body: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        this.answer(req, res);
      });
      res.on("error", () => {});
    });
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });

    return server;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const mode = this.mode;
    if (typeof mode === "number") return res.writeHead(mode, { "content-type": "text/plain" }).end(`answered ${mode}`);
    if (mode === "ok") return res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    if (mode === "hang") {
      this.inFlight++;
      res.on("close", () => this.inFlight--);
      return;
    }
    if (mode === "reset") return req.socket.destroy();
    if (mode === "redirect") return res.writeHead(301, { location: this.url("/elsewhere") }).end("moved");
    if (mode === "slow") {
      this.inFlight++;
      setTimeout(() => {
        this.inFlight--;
        res.writeHead(200).end("ok");
      }, this.delayMs);
      return;
    }
    // huge: 10 MB, written as fast as the client takes it.
    res.writeHead(200, { "content-type": "application/octet-stream" });
    const chunk = Buffer.alloc(64 * 1024, "z");
    let sent = 0;
    const pump = () => {
      while (sent < 10 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private closeServer(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Verifies a delivery exactly as a merchant would, with the standardwebhooks library. */
export function verifyDelivery(d: Delivery, secret: string): unknown {
  return new Webhook(secret).verify(d.body, d.headers);
}

export type StartOptions = { outcome?: string; webhookUrl?: string; reference?: string; baseURL?: string };

/** Starts a dummy transaction that goes straight to `outcome` (one webhook event per start). */
export async function startDummy(request: APIRequestContext, merchant: Merchant, opts: StartOptions = {}) {
  const res = await request.post(`${opts.baseURL ?? ""}/v1/transaction/start`, {
    headers: { apiKey: merchant.api_key },
    data: {
      payment_profile: merchant.payment_profile,
      amount: 1000,
      customer: customerBody(),
      payment_product: "dummy",
      merchant_reference: opts.reference ?? `order-${Math.random().toString(36).slice(2, 10)}`,
      details: { dummy_outcome: opts.outcome ?? "DECLINED" },
      ...(opts.webhookUrl !== undefined ? { webhook_transaction_update: opts.webhookUrl } : {}),
    },
  });
  const body = await res.json();
  if (res.status() !== 201) throw new Error(`start failed: ${res.status()} ${JSON.stringify(body)}`);

  return body as { id: string; status: string; merchant_reference: string; last_status_update: string };
}

export type ApiEvent = {
  id: string;
  type: string;
  transaction: string;
  status: string;
  url: string;
  payload: Record<string, unknown>;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
  attempts: {
    attempt: number;
    trigger: string;
    url: string;
    started_at: string;
    duration_ms: number;
    status_code: number | null;
    error: string | null;
    response_excerpt: string;
    /** What webhook chaos mode did to the attempt (only where it acted). */
    chaos?: Record<string, unknown>;
  }[];
};

/** GET /v1/transaction/<id>/webhooks. */
export async function webhookEvents(
  request: APIRequestContext,
  merchant: Merchant,
  transactionId: string,
  baseURL = "",
): Promise<ApiEvent[]> {
  const res = await request.get(`${baseURL}/v1/transaction/${transactionId}/webhooks`, {
    headers: { apiKey: merchant.api_key },
  });
  if (res.status() !== 200) throw new Error(`webhooks list failed: ${res.status()} ${await res.text()}`);

  return (await res.json()).data;
}

/** Polls the event list until `done` holds for it. */
export function eventsWhen(
  request: APIRequestContext,
  merchant: Merchant,
  transactionId: string,
  done: (events: ApiEvent[]) => boolean,
  { baseURL = "", timeout = 15_000 } = {},
): Promise<ApiEvent[]> {
  return eventually(
    async () => {
      const events = await webhookEvents(request, merchant, transactionId, baseURL);
      return done(events) ? events : undefined;
    },
    { timeout, interval: 150 },
  );
}
