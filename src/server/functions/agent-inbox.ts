import type { Context } from "hono";
import { agentInboxInput, type AgentInboxResponse } from "@/shared/jobs";
import type { AppEnv } from "../context";
import { recordJobResult } from "../modules/jobs/record-job-result";
import { queueJobNotice } from "../modules/messaging/notify";
import { mailJobFailed, notifyDepsOf } from "../modules/notifications/mail-job-failed";
import { n8nSignedBody } from "./n8n-signed-body";

/** The spec's agent-inbox: n8n reports a job's outcome, signed (docs/agent-signing.md). */
export async function agentInbox(c: Context<AppEnv>) {
  const input = await n8nSignedBody(c, agentInboxInput);
  const { database, clock, queue } = c.get("services");
  const { duplicate } = await recordJobResult({ db: database.db, now: clock.now }, input);
  if (!duplicate && input.status === "failed") await mailJobFailed(notifyDepsOf(c.get("services")), input.job_id);
  // The starter's linked chat (Telegram…) hears of the outcome through a job, never from this request.
  if (!duplicate) await queueJobNotice(database.db, queue, input.job_id, input.status);
  const body: AgentInboxResponse = { ok: true, duplicate };
  return c.json(body);
}

