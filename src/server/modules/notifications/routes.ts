import { Hono } from "hono";
import { updateNotificationPreferencesInput } from "@/shared/notifications";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseBody } from "../../lib/parse";
import { readNotificationPreferences, updateNotificationPreferences } from "./notification-preferences";

/** /api/v1/me/notification-preferences: the signed-in user's own, in no organisation. */
export const notificationRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json({ preferences: await readNotificationPreferences(c.get("services").database.db, user.id) });
  })
  .put("/", async (c) => {
    const user = requireUser(c);
    const input = await parseBody(c, updateNotificationPreferencesInput);
    return c.json({ preferences: await updateNotificationPreferences(c.get("services").database.db, user.id, input) });
  });
