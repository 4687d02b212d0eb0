import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * HMAC signing between We Love HQ and n8n (docs/agent-signing.md). A message is signed over
 * `${id}.${timestamp}.${body}` with HMAC-SHA256, keyed by N8N_AGENT_SECRET's 32 bytes (hex
 * decoded), and sent as headers: X-WLHQ-Job-Id, X-WLHQ-Timestamp (unix seconds) and
 * X-WLHQ-Signature: sha256=<hex>. The verifier accepts the current or the previous secret, and
 * only within five minutes of its own clock either way.
 */
export const SIGNATURE_HEADERS = { id: "x-wlhq-job-id", timestamp: "x-wlhq-timestamp", signature: "x-wlhq-signature" } as const;
export const SIGNATURE_WINDOW_S = 5 * 60;

export type SignedHeaders = Record<(typeof SIGNATURE_HEADERS)[keyof typeof SIGNATURE_HEADERS], string>;

export function signature(secretHex: string, id: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", Buffer.from(secretHex, "hex")).update(`${id}.${timestamp}.${body}`).digest("hex")}`;
}

export function signedHeaders(secretHex: string, id: string, body: string, now: Date): SignedHeaders {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [SIGNATURE_HEADERS.id]: id,
    [SIGNATURE_HEADERS.timestamp]: String(timestamp),
    [SIGNATURE_HEADERS.signature]: signature(secretHex, id, timestamp, body),
  };
}

export type VerifyResult = { ok: true } | { ok: false; reason: "missing" | "stale" | "mismatch" };

/** Checks a received message; `secrets` are the current and, while rotating, the previous secret. */
export function verifySignature(
  secrets: readonly string[],
  headers: { id?: string | null; timestamp?: string | null; signature?: string | null },
  body: string,
  now: Date,
): VerifyResult {
  const { id, timestamp, signature: given } = headers;
  if (!id || !timestamp || !given || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "missing" };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_S) return { ok: false, reason: "stale" };
  const givenBytes = Buffer.from(given);
  for (const secret of secrets) {
    const expected = Buffer.from(signature(secret, id, Number(timestamp), body));
    if (expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes)) return { ok: true };
  }
  return { ok: false, reason: "mismatch" };
}
