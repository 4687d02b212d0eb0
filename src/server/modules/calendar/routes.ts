import { Hono, type Context } from "hono";
import { calendarFeedParams, calendarFeedProjectsInput } from "@/shared/calendar-feed";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { AppError } from "../../lib/errors";
import { parseBody, parseWith } from "../../lib/parse";
import { feedSecretOf } from "./feed-secret";
import { createOrRegenerateFeed, feedStatus, revokeFeed, setFeedProjects, type FeedCtx } from "./manage-feed";
import { noteFetched, readFeed } from "./read-feed";

function feedCtxOf(c: Context<AppEnv>): FeedCtx {
  const { id } = requireUser(c);
  const { database, clock, env } = c.get("services");
  return { db: database.db, userId: id, appUrl: env.APP_URL, now: clock.now };
}

/** /api/v1/me/calendar-feed: the caller's own feed (status, create or regenerate, projects, revoke). */
export const calendarFeedRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await feedStatus(feedCtxOf(c))))
  .post("/", async (c) => c.json(await createOrRegenerateFeed(feedCtxOf(c)), 201))
  .put("/projects", async (c) => {
    const ctx = feedCtxOf(c);
    return c.json(await setFeedProjects(ctx, await parseBody(c, calendarFeedProjectsInput)));
  })
  .delete("/", async (c) => {
    await revokeFeed(feedCtxOf(c));
    return c.body(null, 204);
  });

/** If-None-Match holds our ETag (a list, or "*"): the subscriber's copy is current. */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * GET /api/v1/calendar-feeds/:token(.ics): the public feed a calendar app subscribes to. The secret
 * in the path is the only proof (a calendar app has no session); an unknown, regenerated or revoked
 * one is 404, the same as one that never existed.
 */
export const publicCalendarFeedRoutes = new Hono<AppEnv>().get("/:token", async (c) => {
  const { token } = parseWith(calendarFeedParams, c.req.param());
  const secret = feedSecretOf(token);
  if (!secret) throw new AppError("not_found", "No such calendar feed");
  const { database, clock, env } = c.get("services");
  const now = clock.now();
  const feed = await readFeed(database.db, secret, { appUrl: env.APP_URL, appName: env.APP_NAME, now });
  if (!feed) throw new AppError("not_found", "No such calendar feed");
  await noteFetched(database.db, secret, now);
  // Subscribers come back every hour or so; they revalidate with the ETag and get 304 while nothing moved.
  c.header("ETag", feed.etag);
  c.header("Last-Modified", feed.lastModified.toUTCString());
  c.header("Cache-Control", "private, no-cache");
  c.header("X-Robots-Tag", "noindex");
  if (matches(c.req.header("if-none-match"), feed.etag)) return c.body(null, 304);
  c.header("Content-Type", "text/calendar; charset=utf-8");
  c.header("Content-Disposition", 'inline; filename="tasks.ics"');
  return c.body(feed.body, 200);
});
