import { signedHeaders } from "../../lib/signing";

/** Without secretHex the POST goes unsigned (the /hq switchboard when no secret is configured). */
export type N8nPost = { n8nBase: string; secretHex?: string; webhookPath: string; id: string; payload: unknown; now: Date; timeoutMs: number; signal?: AbortSignal };
export type N8nAnswer = { ok: true; status: number; json: unknown; text: string } | { ok: false; error: string };

/** Up to this much of n8n's answer is read; a chat reply or a job acknowledgement is far smaller. */
const MAX_ANSWER_BYTES = 256 * 1024;

export function webhookUrl(n8nBase: string, webhookPath: string): string {
  const path = webhookPath
    .split("/")
    .filter((s) => s && s !== "." && s !== "..")
    .map(encodeURIComponent)
    .join("/");
  return `${n8nBase.replace(/\/+$/, "")}/webhook/${path}`;
}

/**
 * One signed POST to an n8n webhook: `{n8nBase}/webhook/{path}`. N8N_BASE is the operator's own
 * configuration, so it is trusted (no SSRF guard); the webhook path is the agent's and is reduced
 * to safe path segments. The caller decides what a status means; network failures and timeouts
 * come back as { ok: false, error } rather than throwing.
 */
export async function postToN8nWebhook(post: N8nPost): Promise<N8nAnswer> {
  const body = JSON.stringify(post.payload);
  const signal = post.signal ? AbortSignal.any([post.signal, AbortSignal.timeout(post.timeoutMs)]) : AbortSignal.timeout(post.timeoutMs);
  try {
    const res = await fetch(webhookUrl(post.n8nBase, post.webhookPath), {
      method: "POST",
      redirect: "manual",
      signal,
      headers: { "content-type": "application/json", ...(post.secretHex ? signedHeaders(post.secretHex, post.id, body, post.now) : {}) },
      body,
    });
    const text = await readCapped(res, MAX_ANSWER_BYTES);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { ok: true, status: res.status, json, text };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError") return { ok: false, error: post.timeoutMs < 1000 ? `n8n did not answer within ${post.timeoutMs} ms` : `n8n did not answer within ${Math.round(post.timeoutMs / 1000)} s` };
    if (name === "AbortError") return { ok: false, error: "Stopped" };
    return { ok: false, error: "n8n could not be reached" };
  }
}

async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      break;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
