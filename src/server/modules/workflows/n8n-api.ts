import { formatMs, networkReason } from "../../lib/outbound-fetch";

/**
 * n8n's public REST API ({N8N_BASE}/api/v1/workflows…, key in X-N8N-API-KEY). N8N_BASE is the
 * operator's own configuration, often a private address, so it is called with plain fetch as
 * jobs/n8n-webhook.ts does (decision 007), not through the user-URL guard; redirects are not
 * followed, so the key only ever goes to N8N_BASE. Failures to get an answer come back, not thrown.
 */
export type N8nApiAccess = { base: string; apiKey: string; timeoutMs: number };
export type N8nApiAnswer = { ok: true; status: number; json: unknown } | { ok: false; reason: string };

/** A 2,000-node workflow is a few MB of JSON; more than this is not an answer we can use. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export const workflowsUrl = (base: string, tail = "") => `${base.replace(/\/+$/, "")}/api/v1/workflows${tail}`;
export const workflowTail = (n8nId: string, action = "") => `/${encodeURIComponent(n8nId)}${action}`;

export async function callN8nApi(access: N8nApiAccess, method: string, tail: string, body?: unknown): Promise<N8nApiAnswer> {
  try {
    const res = await fetch(workflowsUrl(access.base, tail), {
      method,
      redirect: "manual",
      signal: AbortSignal.timeout(access.timeoutMs),
      headers: { accept: "application/json", "x-n8n-api-key": access.apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await readWithin(res, MAX_ANSWER_BYTES);
    if (text === null) return { ok: false, reason: `n8n's answer was larger than ${MAX_ANSWER_BYTES / (1024 * 1024)} MB` };
    return { ok: true, status: res.status, json: parseJson(text) };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { ok: false, reason: timedOut ? `n8n did not answer within ${formatMs(access.timeoutMs)} at ${access.base}` : `n8n is unreachable at ${access.base} (${networkReason(error)})` };
  }
}

/** The body as text, or null once it passes `max` (the rest is not read). */
async function readWithin(res: Response, max: number): Promise<string | null> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
