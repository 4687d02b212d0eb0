import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SIGNATURE_HEADERS, signedHeaders, verifySignature } from "../lib/signing";

/**
 * A local n8n that speaks its webhook protocol: POST /webhook/<path> with our signed JSON. It
 * checks the signature as a user's starter workflow does (401 when it does not verify), records
 * every delivery, and, like the starter workflow, calls agent-inbox back signed when `inboxUrl`
 * is set. `setDown(true)` makes it answer 503 as n8n does while restarting; `respondWith` lets a
 * test answer a delivery its own way. GET /healthz answers {"status":"ok"}.
 */
export type N8nDelivery = { path: string; headers: IncomingHttpHeaders; body: unknown; raw: string; verified: boolean };

export type N8nStandIn = {
  url: string;
  deliveries: N8nDelivery[];
  setDown(isDown: boolean): void;
  respondWith(handler: ((d: N8nDelivery) => { status: number; json?: unknown } | undefined) | null): void;
  close(): Promise<void>;
};

export type N8nStandInOptions = {
  secret: string;
  inboxUrl?: string;
  fetchInbox?: (url: string, init: RequestInit) => Promise<Response>;
  /** The clock signatures are checked and made by; a test that moves the app's clock passes it here too. */
  now?: () => Date;
};

type JobBody = { job_id?: unknown; org_id?: unknown; message?: unknown };

export async function startN8nStandIn(options: N8nStandInOptions): Promise<N8nStandIn> {
  const deliveries: N8nDelivery[] = [];
  const now = options.now ?? (() => new Date());
  const fetchInbox = options.fetchInbox ?? ((url: string, init: RequestInit) => fetch(url, init));
  let isDown = false;
  let handler: ((d: N8nDelivery) => { status: number; json?: unknown } | undefined) | null = null;

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method === "GET" && path === "/healthz") return send(res, 200, { status: "ok" });
      if (req.method !== "POST" || !path.startsWith("/webhook/")) return send(res, 404, { code: 404, message: `The requested webhook "${req.method} ${path}" is not registered.` });
      if (isDown) return send(res, 503, { code: 503, message: "Service Unavailable" });
      const raw = Buffer.concat(chunks).toString("utf8");
      const delivery: N8nDelivery = { path: path.slice("/webhook/".length), headers: req.headers, body: parseJson(raw), raw, verified: verified(req.headers, raw) };
      deliveries.push(delivery);
      const custom = handler?.(delivery);
      if (custom) return send(res, custom.status, custom.json ?? null);
      if (!delivery.verified) return send(res, 401, { code: 401, message: "Authorization data is wrong!" });
      send(res, 200, { ok: true, received: true });
      callBack(delivery.body as JobBody);
    });
  });

  function verified(headers: IncomingHttpHeaders, raw: string): boolean {
    const one = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const result = verifySignature([options.secret], { id: one(SIGNATURE_HEADERS.id), timestamp: one(SIGNATURE_HEADERS.timestamp), signature: one(SIGNATURE_HEADERS.signature) }, raw, now());
    return result.ok;
  }

  // The starter workflow answers the webhook first and reports back later; so does this.
  function callBack(job: JobBody) {
    if (!options.inboxUrl || !job || typeof job.job_id !== "string") return;
    const jobId = job.job_id;
    const body = JSON.stringify({ job_id: jobId, org_id: job.org_id, status: "done", result: { message: `Done: ${String(job.message ?? "")}` } });
    const init: RequestInit = { method: "POST", headers: { "content-type": "application/json", ...signedHeaders(options.secret, jobId, body, now()) }, body };
    setImmediate(() => void fetchInbox(options.inboxUrl!, init).catch(() => undefined));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    setDown: (down) => {
      isDown = down;
    },
    respondWith: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseJson(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
