import type { Agent } from "@/shared/agents";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { findAgentRow, toAgent } from "./agent-row";

export async function getAgent({ db, scope }: Ctx): Promise<Agent | null> {
  const row = await findAgentRow(db, scope);
  return row ? toAgent(row) : null;
}

export async function requireAgent(ctx: Ctx): Promise<Agent> {
  const agent = await getAgent(ctx);
  if (!agent) throw new AppError("not_found", "This organisation has no agent yet");
  return agent;
}
