import { Hono } from "hono";
import { defaultPlanesInput, importTasksInput } from "@/shared/work";
import type { AppEnv } from "../../context";
import { parseBody } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { completeOnboarding } from "./complete-onboarding";
import { createDefaultPlanes } from "./create-default-planes";
import { importTasks } from "./import-tasks";

export const onboardingRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .post("/default-planes", async (c) => {
    const input = await parseBody(c, defaultPlanesInput);
    return c.json(await createDefaultPlanes(ctxOf(c), input.business_name));
  })
  .post("/import-tasks", async (c) => c.json(await importTasks(ctxOf(c), await parseBody(c, importTasksInput))))
  .post("/complete", async (c) => c.json(await completeOnboarding(ctxOf(c))));
