import type { Context } from "hono";
import type { ZodType } from "zod";
import type { AppEnv } from "../context";
import { AppError } from "../lib/errors";
import { parseWith } from "../lib/parse";
import { SIGNATURE_HEADERS, verifySignature } from "../lib/signing";

/**
 * The body of a call from n8n's workflow (agent-inbox, agent-claim), parsed with `schema` once its
 * signature verifies: no session, the signature over the raw body is the caller's proof, with the
 * current or the previous secret (docs/agent-signing.md). The body's job_id must be the signed id.
 */
export async function n8nSignedBody<T extends { job_id: string }>(c: Context<AppEnv>, schema: ZodType<T>): Promise<T> {
  const { env, clock } = c.get("services");
  const secrets = [env.N8N_AGENT_SECRET, env.N8N_AGENT_SECRET_PREVIOUS].filter((s): s is string => Boolean(s));
  // Nothing can be verified without a secret, so nothing is accepted; a 4xx, since no retry helps.
  if (secrets.length === 0) throw new AppError("unauthorized", "This server has no N8N_AGENT_SECRET, so it accepts no agent reports");
  const raw = await c.req.text();
  const id = c.req.header(SIGNATURE_HEADERS.id);
  const verified = verifySignature(secrets, { id, timestamp: c.req.header(SIGNATURE_HEADERS.timestamp), signature: c.req.header(SIGNATURE_HEADERS.signature) }, raw, clock.now());
  if (!verified.ok) throw new AppError("unauthorized", verified.reason === "stale" ? "The signature is more than 5 minutes old" : "The request is not signed, or its signature does not match");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON");
  }
  const input = parseWith(schema, json);
  if (input.job_id !== id) throw new AppError("unauthorized", "The job id does not match its signature");
  return input;
}
