import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CalendarFeedProjectsInput, CalendarFeedStatus, CreatedCalendarFeed } from "@/shared/calendar-feed";
import type { Db } from "../../db/client";
import { calendarFeeds, memberships, organisations, projects } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { currentRequestIp } from "../../lib/request-ip";
import { feedUrl, hashFeedSecret, newFeedSecret } from "./feed-secret";

/** The signed-in caller: a feed is personal, it spans every organisation they belong to. */
export type FeedCtx = { db: Db; userId: string; appUrl: string; now: () => Date };

/** The projects the caller may follow: those of organisations they are a member of now. */
async function projectChoices(db: Db, userId: string) {
  return db
    .select({ id: projects.id, name: projects.name, org_id: projects.orgId, org_name: organisations.name })
    .from(projects)
    .innerJoin(memberships, and(eq(memberships.orgId, projects.orgId), eq(memberships.userId, userId)))
    .innerJoin(organisations, eq(organisations.id, projects.orgId))
    .orderBy(asc(organisations.name), asc(projects.name), asc(projects.id))
    .limit(1000);
}

export async function feedStatus({ db, userId }: Pick<FeedCtx, "db" | "userId">): Promise<CalendarFeedStatus> {
  const [[row], choices] = await Promise.all([db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)), projectChoices(db, userId)]);
  // A chosen project the user can no longer see (left the organisation, project deleted) is not shown as chosen.
  const visible = new Set(choices.map((p) => p.id));
  return {
    active: Boolean(row),
    hint: row?.hint ?? null,
    created_at: row?.createdAt.toISOString() ?? null,
    last_fetched_at: row?.lastFetchedAt?.toISOString() ?? null,
    project_ids: (row?.projectIds ?? []).filter((id) => visible.has(id)),
    projects: choices,
  };
}

/**
 * Creates the caller's feed, or gives it a new secret: one upsert, so two at once leave one feed
 * whose hash is the last one's. The old URL stops answering at once; the projects chosen stay.
 */
export async function createOrRegenerateFeed(ctx: FeedCtx): Promise<CreatedCalendarFeed> {
  const secret = newFeedSecret();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // xmax is 0 on a row this statement inserted, and set on one it updated: created or regenerated, told by the write itself.
    const [row] = await tx
      .insert(calendarFeeds)
      .values({ userId: ctx.userId, tokenHash: hashFeedSecret(secret), hint: secret.slice(-4), createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashFeedSecret(secret), hint: secret.slice(-4), createdAt: now, updatedAt: now, lastFetchedAt: null } })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    await auditFeed(tx, ctx.userId, row?.inserted ? "calendar_feed.create" : "calendar_feed.regenerate", { hint: secret.slice(-4) });
  });
  return { url: feedUrl(ctx.appUrl, secret), feed: await feedStatus(ctx) };
}

/** A person's own entry (no organisation): the feed spans all of theirs. Never the secret, only its last four characters. */
function auditFeed(tx: Pick<Db, "insert">, userId: string, action: "calendar_feed.create" | "calendar_feed.regenerate" | "calendar_feed.projects_change" | "calendar_feed.revoke", details: Record<string, unknown> = {}) {
  return recordAudit(tx, { orgId: null, actorUserId: userId, ip: currentRequestIp(), action, targetType: "user", targetId: userId, details });
}

/** Which projects the feed follows beside the caller's own tasks; each must be one the caller can see. */
export async function setFeedProjects(ctx: FeedCtx, input: CalendarFeedProjectsInput): Promise<CalendarFeedStatus> {
  const ids = [...new Set(input.project_ids)];
  if (ids.length > 0) {
    const found = await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .innerJoin(memberships, and(eq(memberships.orgId, projects.orgId), eq(memberships.userId, ctx.userId)))
      .where(inArray(projects.id, ids));
    // Another organisation's project reads the same as one that does not exist.
    if (found.length !== ids.length) throw new AppError("not_found", "Project not found");
  }
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(calendarFeeds)
      .set({ projectIds: ids, updatedAt: ctx.now() })
      .where(eq(calendarFeeds.userId, ctx.userId))
      .returning({ userId: calendarFeeds.userId });
    if (updated.length === 0) throw new AppError("not_found", "You have no calendar feed: create one first");
    await auditFeed(tx, ctx.userId, "calendar_feed.projects_change", { project_ids: ids });
  });
  return feedStatus(ctx);
}

/** Deletes the caller's feed: its URL answers 404 from the next request on. Revoking twice is fine. */
export async function revokeFeed({ db, userId }: Pick<FeedCtx, "db" | "userId">): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ hint: calendarFeeds.hint });
    if (gone[0]) await auditFeed(tx, userId, "calendar_feed.revoke", { hint: gone[0].hint });
  });
}
