import type { Context } from "hono";
import { agentClaimInput } from "@/shared/jobs";
import type { AppEnv } from "../context";
import { claimAgentJob } from "../modules/jobs/claim-job";
import { n8nSignedBody } from "./n8n-signed-body";

/** n8n's workflow claims a job before doing its work, signed like a report: 200 do it, 409 do not (modules/jobs/claim-job.ts). */
export async function agentClaim(c: Context<AppEnv>) {
  const input = await n8nSignedBody(c, agentClaimInput);
  const { database, clock } = c.get("services");
  const answer = await claimAgentJob({ db: database.db, now: clock.now }, input);
  return c.json(answer.body, answer.status);
}
