import { Hono } from "hono";
import { budget } from "../../lib/budgets";
import { agentSummaryQuery, createAgentInput, setAgentStatusInput, updateAgentInput } from "@/shared/agents";
import type { AppEnv } from "../../context";
import { callerIsOperator } from "../../lib/operators";
import { parseBody, parseWith } from "../../lib/parse";
import { startOfUtcDay } from "../jobs/count-jobs";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { languageOfRequest } from "../../i18n/request-language";
import { agentCtxOf } from "./agent-ctx";
import { agentIn, agentTestIn, setupIn } from "./agent-language";
import { getAgentSetup } from "./agent-setup";
import { getAgentSummary } from "./agent-summary";
import { createAgent } from "./create-agent";
import { deleteAgent } from "./delete-agent";
import { getAgent } from "./get-agent";
import { setAgentStatus } from "./set-agent-status";
import { testAgent } from "./test-agent";
import { updateAgent } from "./update-agent";

// The organisation has at most one agent, so it is addressed as a singleton: /agents/agent.
export const agentRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/agent", async (c) => c.json({ agent: agentIn(languageOfRequest(c), await getAgent(ctxOf(c))) }))
  .post("/agent", async (c) => c.json({ agent: await createAgent(ctxOf(c), await parseBody(c, createAgentInput)) }, 201))
  .patch("/agent", async (c) => c.json({ agent: agentIn(languageOfRequest(c), await updateAgent(ctxOf(c), await parseBody(c, updateAgentInput))) }))
  .delete("/agent", async (c) => {
    await deleteAgent(ctxOf(c));
    return c.json({ ok: true });
  })
  .post("/agent/status", async (c) => c.json({ agent: agentIn(languageOfRequest(c), await setAgentStatus(ctxOf(c), (await parseBody(c, setAgentStatusInput)).enabled)) }))
  .post("/agent/test", budget("agent"), async (c) => c.json(agentTestIn(languageOfRequest(c), await testAgent(agentCtxOf(c)))))
  .get("/setup", async (c) => c.json(setupIn(languageOfRequest(c), await getAgentSetup(agentCtxOf(c), await callerIsOperator(c)))))
  .get("/summary", async (c) => {
    const { since } = parseWith(agentSummaryQuery, c.req.query());
    const ctx = ctxOf(c);
    return c.json(await getAgentSummary(ctx, since ? new Date(since) : startOfUtcDay(ctx.now())));
  });
