import { Hono } from "hono";
import { setActionPlanItemInput } from "@/shared/action-plan";
import type { AppEnv } from "../../context";
import { parseBody } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { getActionPlan, resetActionPlan, setActionPlanItem } from "./action-plan-progress";

// The organisation's roll-out checklist (/admin): every member reads and ticks it.
export const actionPlanRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json(await getActionPlan(ctxOf(c))))
  .patch("/", async (c) => c.json(await setActionPlanItem(ctxOf(c), await parseBody(c, setActionPlanItemInput))))
  .delete("/", async (c) => c.json(await resetActionPlan(ctxOf(c))));
