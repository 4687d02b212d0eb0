import { Hono } from "hono";
import { z } from "zod";
import { createSavedViewInput } from "@/shared/task-team";
import type { AppEnv } from "../../context";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { createSavedView, deleteSavedView, listSavedViews } from "./saved-views";

const viewParams = z.object({ viewId: z.uuid("View id is not valid") });

/** The caller's own saved list filters in this organisation. */
export const savedViewRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json({ views: await listSavedViews(ctxOf(c)) }))
  .post("/", async (c) => c.json({ view: await createSavedView(ctxOf(c), await parseBody(c, createSavedViewInput)) }, 201))
  .delete("/:viewId", async (c) => {
    const { viewId } = parseWith(viewParams, c.req.param());
    await deleteSavedView(ctxOf(c), viewId);
    return c.json({ ok: true });
  });
