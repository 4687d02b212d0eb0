import { Hono } from "hono";
import { inboxQuery, markReadInput, updateTaskEmailSettingsInput } from "@/shared/inbox";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { readEmailSettings, updateEmailSettings } from "./email-settings";
import { listInbox, markRead, unreadCount } from "./inbox";

/** The caller's own inbox in this organisation (the bell). */
export const inboxRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json(await listInbox(ctxOf(c), parseWith(inboxQuery, c.req.query()))))
  .get("/unread", async (c) => c.json({ unread: await unreadCount(ctxOf(c)) }))
  .post("/read", async (c) => c.json({ unread: await markRead(ctxOf(c), await parseBody(c, markReadInput)) }));

/** /api/v1/me/task-email: how task notifications mail the signed-in user (instant, daily digest, off). */
export const taskEmailRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json({ settings: await readEmailSettings(c.get("services").database.db, user.id) });
  })
  .put("/", async (c) => {
    const user = requireUser(c);
    const input = await parseBody(c, updateTaskEmailSettingsInput);
    const { database, clock } = c.get("services");
    return c.json({ settings: await updateEmailSettings(database.db, user.id, input, clock.now()) });
  });
