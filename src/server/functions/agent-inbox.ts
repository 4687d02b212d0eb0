import type { Context } from "hono";
import { agentInboxInput, type AgentInboxResponse } from "@/shared/jobs";
import type { AppEnv } from "../context";
import { AppError } from "../lib/errors";
import { parseWith } from "../lib/parse";
import { SIGNATURE_HEADERS, verifySignature } from "../lib/signing";
import { recordJobResult } from "../modules/jobs/record-job-result";
import { mailJobFailed, notifyDepsOf } from "../modules/notifications/mail-job-failed";

/**
 * The spec's agent-inbox: n8n reports a job's outcome. No session: the signature over the raw
 * body (docs/agent-signing.md) is the caller's proof, with the current or the previous secret.
 */
export async function agentInbox(c: Context<AppEnv>) {
  const { env, database, clock } = c.get("services");
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
  const input = parseWith(agentInboxInput, json);
  // The signature covers the header's id; the body's must be the same job.
  if (input.job_id !== id) throw new AppError("unauthorized", "The job id does not match its signature");
  const { duplicate } = await recordJobResult({ db: database.db, now: clock.now }, input);
  if (!duplicate && input.status === "failed") await mailJobFailed(notifyDepsOf(c.get("services")), input.job_id);
  const body: AgentInboxResponse = { ok: true, duplicate };
  return c.json(body);
}
