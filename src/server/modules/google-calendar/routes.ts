import { Hono, type Context } from "hono";
import { googleCallbackQuery, type GoogleCalendarOutcome } from "@/shared/google-calendar";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { disconnectGoogle, finishConnect, readGoogleStatus, startConnect, type GoogleDeps } from "./google-connection";

const depsOf = (c: Context<AppEnv>): GoogleDeps => {
  const s = c.get("services");
  return { db: s.database.db, env: s.env, box: s.secrets, now: s.clock.now, queue: s.queue };
};

/** Back to the card, which names the outcome in the user's language (never Google's words). */
const backToCard = (c: Context<AppEnv>, outcome: GoogleCalendarOutcome) => c.redirect(`${c.get("services").env.APP_URL}/app/integrations?google_calendar=${outcome}#calendar`, 302);

/** /api/v1/me/google-calendar: the caller's own Google Calendar (status, connect, disconnect). */
export const googleCalendarRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ google_calendar: await readGoogleStatus(depsOf(c), requireUser(c).id) }))
  .get("/connect", async (c) => {
    const { id } = requireUser(c);
    const url = await startConnect(depsOf(c), id);
    return url ? c.redirect(url, 302) : backToCard(c, "not_configured");
  })
  .delete("/", async (c) => c.json({ google_calendar: await disconnectGoogle(depsOf(c), requireUser(c).id) }));

/**
 * GET /api/v1/oauth/google-calendar/callback: Google sends the browser here with the code and our
 * state. The session must be the one that started (the state is bound to it); every failure sends
 * the browser back to the card with what went wrong, never a bare error page.
 */
export const googleCallbackRoutes = new Hono<AppEnv>().get("/callback", async (c) => {
  const query = googleCallbackQuery.safeParse(c.req.query());
  if (!query.success) return backToCard(c, "invalid_state");
  const user = c.get("user");
  if (!user) return backToCard(c, "signed_out");
  return backToCard(c, await finishConnect(depsOf(c), user.id, query.data));
});
