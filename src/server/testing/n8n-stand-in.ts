import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SIGNATURE_HEADERS, signedHeaders, verifySignature } from "../lib/signing";

/**
 * A local n8n running our starter workflow (src/shared/n8n/starter-workflow.ts), speaking its
 * webhook protocol: POST /webhook/<path> with our signed JSON. Like the starter, it answers 401
 * `{accepted: false, reason}` when the signature does not verify and `{accepted: true, job_id}` when
 * it does; then it claims the job at the payload's claim_url, signed, and only when the claim is won
 * does the work (counted in `worked`) and reports to the callback_url, signed. `setDown(true)` answers
 * 503 as n8n does while restarting; `setAnswerDelay` holds the answer (the claim follows it, as in
 * the workflow); `respondWith` answers a delivery a test's own way (n8n's 200 with an empty body when
 * a Code node throws, say) and then does nothing more. GET /healthz answers {"status":"ok"}.
 */
export type N8nDelivery = { path: string; headers: IncomingHttpHeaders; body: unknown; raw: string; verified: boolean };
type CustomAnswer = { status: number; json?: unknown } | undefined;

export type N8nStandIn = {
  url: string;
  deliveries: N8nDelivery[];
  /** Job ids whose work ran: once each, however often a job was delivered. */
  worked: string[];
  /** Every claim and what the app answered. */
  claims: { jobId: string; status: number }[];
  setDown(isDown: boolean): void;
  setAnswerDelay(ms: number): void;
  /** Holds every answer (and so the claim after it) until `released` resolves; null answers at once again. */
  holdAnswersUntil(released: Promise<void> | null): void;
  respondWith(handler: ((d: N8nDelivery) => CustomAnswer) | null): void;
  close(): Promise<void>;
};

export type N8nStandInOptions = {
  secret: string;
  /** How the workflow reaches the app's claim_url and callback_url; tests route it into the app. */
  fetchApp?: (url: string, init: RequestInit) => Promise<Response>;
  /** Whether the workflow claims, works and reports after answering (the starter does). */
  callsBack?: boolean;
  /** The clock signatures are checked and made by; a test that moves the app's clock passes it here too. */
  now?: () => Date;
};

type JobBody = { job_id?: unknown; org_id?: unknown; message?: unknown; claim_url?: unknown; callback_url?: unknown };

export async function startN8nStandIn(options: N8nStandInOptions): Promise<N8nStandIn> {
  const deliveries: N8nDelivery[] = [];
  const worked: string[] = [];
  const claims: { jobId: string; status: number }[] = [];
  const now = options.now ?? (() => new Date());
  const fetchApp = options.fetchApp ?? ((url: string, init: RequestInit) => fetch(url, init));
  let isDown = false;
  let answerDelayMs = 0;
  let held: Promise<void> | null = null;
  let handler: ((d: N8nDelivery) => CustomAnswer) | null = null;

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
      if (!delivery.verified) return send(res, 401, { accepted: false, reason: "the signature does not match" });
      const job = delivery.body as JobBody;
      const answer = () => {
        send(res, 200, { accepted: true, job_id: job.job_id });
        if (options.callsBack !== false) void claimWorkAndReport(job).catch(() => undefined);
      };
      if (held) void held.then(answer);
      else if (answerDelayMs > 0) setTimeout(answer, answerDelayMs);
      else answer();
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

  const signedPost = (url: string, jobId: string, body: string) => fetchApp(url, { method: "POST", headers: { "content-type": "application/json", ...signedHeaders(options.secret, jobId, body, now()) }, body });

  // The starter answers the webhook first, then claims, works and reports; so does this.
  async function claimWorkAndReport(job: JobBody) {
    if (typeof job?.job_id !== "string" || typeof job.claim_url !== "string") return;
    const jobId = job.job_id;
    const claim = await signedPost(job.claim_url, jobId, JSON.stringify({ job_id: jobId, org_id: job.org_id }));
    const answer = (await claim.json().catch(() => null)) as { claimed?: boolean } | null;
    claims.push({ jobId, status: claim.status });
    if (claim.status !== 200 || answer?.claimed !== true || typeof job.callback_url !== "string") return;
    worked.push(jobId);
    await signedPost(job.callback_url, jobId, JSON.stringify({ job_id: jobId, org_id: job.org_id, status: "done", result: { message: `Done: ${String(job.message ?? "")}` } }));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    worked,
    claims,
    setDown: (down) => {
      isDown = down;
    },
    setAnswerDelay: (ms) => {
      answerDelayMs = ms;
    },
    holdAnswersUntil: (released) => {
      held = released;
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
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
