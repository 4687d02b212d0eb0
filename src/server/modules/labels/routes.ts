import { Hono } from "hono";
import { z } from "zod";
import { createLabelInput, updateLabelInput } from "@/shared/task-team";
import type { AppEnv } from "../../context";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { createLabel, deleteLabel, listLabels, updateLabel } from "./labels";

const labelParams = z.object({ labelId: z.uuid("Label id is not valid") });

export const labelRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json({ labels: await listLabels(ctxOf(c)) }))
  .post("/", async (c) => c.json({ label: await createLabel(ctxOf(c), await parseBody(c, createLabelInput)) }, 201))
  .patch("/:labelId", async (c) => {
    const { labelId } = parseWith(labelParams, c.req.param());
    return c.json({ label: await updateLabel(ctxOf(c), labelId, await parseBody(c, updateLabelInput)) });
  })
  .delete("/:labelId", async (c) => {
    const { labelId } = parseWith(labelParams, c.req.param());
    await deleteLabel(ctxOf(c), labelId);
    return c.json({ ok: true });
  });
