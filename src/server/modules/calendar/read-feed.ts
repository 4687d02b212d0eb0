import { createHash } from "node:crypto";
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { calendarFeeds, memberships, organisations, projects, tasks } from "../../db/schema";
import { hashFeedSecret } from "./feed-secret";
import { renderCalendar, type IcsEvent } from "./ics";

/** How far back and ahead the feed reaches, and how many tasks it holds at most (calendar apps time out on huge feeds). */
const PAST_DAYS = 90;
const MAX_EVENTS = 2000;
/** A task is a point in time; calendars show it as a short event starting at the due time. */
const EVENT_MINUTES = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const priorityOf: Record<string, number> = { high: 1, medium: 5, low: 9 };

export type RenderedFeed = { body: string; etag: string; lastModified: Date };

/**
 * The feed named by a secret, or null when no feed has it (never made, regenerated or revoked).
 * Tasks come through the owner's memberships as they are now: assigned to them, or in a project
 * they chose, of an organisation they still belong to; a removed member's feed is empty.
 */
export async function readFeed(db: Db, secret: string, options: { appUrl: string; appName: string; now: Date }): Promise<RenderedFeed | null> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hashFeedSecret(secret)));
  if (!feed) return null;
  const { appUrl, appName, now } = options;
  const chosen = feed.projectIds.length > 0 ? inArray(tasks.projectId, feed.projectIds) : undefined;
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      description: tasks.description,
      status: tasks.status,
      priority: tasks.priority,
      dueAt: tasks.dueAt,
      createdAt: tasks.createdAt,
      updatedAt: tasks.updatedAt,
      project: projects.name,
      org: organisations.name,
    })
    .from(tasks)
    .innerJoin(memberships, and(eq(memberships.orgId, tasks.orgId), eq(memberships.userId, feed.userId)))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(organisations, eq(organisations.id, tasks.orgId))
    .where(and(isNotNull(tasks.dueAt), gte(tasks.dueAt, new Date(now.getTime() - PAST_DAYS * DAY_MS)), chosen ? or(eq(tasks.assigneeId, feed.userId), chosen) : eq(tasks.assigneeId, feed.userId)))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(MAX_EVENTS);
  const host = new URL(appUrl).host;
  const events: IcsEvent[] = rows.map((t) => {
    const start = t.dueAt!;
    const done = t.status === "done";
    return {
      uid: `task-${t.id}@${host}`,
      stamp: t.updatedAt,
      created: t.createdAt,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      summary: done ? `✓ ${t.title}` : t.title,
      description: [`${t.org} · ${t.project}`, t.description?.trim() || null, `${appUrl}/app/tasks/${t.id}`].filter(Boolean).join("\n\n"),
      url: `${appUrl}/app/tasks/${t.id}`,
      categories: [t.project],
      priority: priorityOf[t.priority] ?? 0,
    };
  });
  const body = renderCalendar({ prodId: `-//${appName}//Task feed//EN`, name: `${appName} · tasks`, description: `${appName}: tasks due`, events });
  // The body is the same bytes while nothing changed (DTSTAMP is each task's last change), so its hash is the ETag.
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const newest = rows.reduce((max, t) => (t.updatedAt > max ? t.updatedAt : max), feed.updatedAt);
  return { body, etag, lastModified: newest };
}

/** Notes that a calendar app read the feed, at most once a minute (a refresh storm writes once). */
export async function noteFetched(db: Db, secret: string, now: Date): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: now })
    .where(and(eq(calendarFeeds.tokenHash, hashFeedSecret(secret)), or(sql`${calendarFeeds.lastFetchedAt} is null`, lt(calendarFeeds.lastFetchedAt, new Date(now.getTime() - 60_000)))));
}
