import type { Context } from "hono";
import { aiAssistInput } from "@/shared/chat";
import type { AppEnv } from "../context";
import { parseBody } from "../lib/parse";
import { planProject } from "../modules/assist/plan-project";
import { aiFunctionCtx } from "../modules/chat/function-scope";

/** The spec's ai-assist, for any member; the project must be the named organisation's. */
export async function aiAssist(c: Context<AppEnv>) {
  const input = await parseBody(c, aiAssistInput);
  const ctx = await aiFunctionCtx(c, input.org_id, input.tz);
  return c.json(await planProject(ctx, input, c.req.raw.signal));
}
