import { Hono } from "hono";
import { taskImportParams } from "@/shared/task-imports";
import { defaultPlanesInput, importTasksInput } from "@/shared/work";
import type { AppEnv } from "../../context";
import { languageOfRequest } from "../../i18n/request-language";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { completeOnboarding } from "./complete-onboarding";
import { createDefaultPlanes } from "./create-default-planes";
import { importResultIn, taskImportIn } from "./import-language";
import { importTasks } from "./import-tasks";
import { readTaskImport } from "./read-task-import";

export const onboardingRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .post("/default-planes", async (c) => {
    const input = await parseBody(c, defaultPlanesInput);
    return c.json(await createDefaultPlanes(ctxOf(c), input.business_name));
  })
  // A small file answers with its report; a large one 202 with the import, which runs in the background.
  .post("/import-tasks", async (c) => {
    const { queue, env } = c.get("services");
    const outcome = await importTasks(ctxOf(c), { queue, rowsPerHour: env.LIMIT_IMPORT_ROWS_PER_HOUR }, await parseBody(c, importTasksInput));
    const lang = languageOfRequest(c);
    return outcome.kind === "done" ? c.json(importResultIn(lang, outcome.result)) : c.json({ import: taskImportIn(lang, outcome.import) }, 202);
  })
  .get("/imports/:importId", async (c) => {
    const { importId } = parseWith(taskImportParams, c.req.param());
    return c.json({ import: taskImportIn(languageOfRequest(c), await readTaskImport(ctxOf(c), importId)) });
  })
  .post("/complete", async (c) => c.json(await completeOnboarding(ctxOf(c))));
