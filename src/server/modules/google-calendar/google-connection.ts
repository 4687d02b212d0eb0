import { count, eq } from "drizzle-orm";
import type { GoogleCalendarOutcome, GoogleCalendarStatus } from "@/shared/google-calendar";
import type { Db } from "../../db/client";
import { googleCalendarConnections, googleCalendarEvents } from "../../db/schema";
import type { Env } from "../../env";
import { recordAudit } from "../../lib/audit";
import type { Queue } from "../../lib/queue";
import { currentRequestIp } from "../../lib/request-ip";
import type { SecretBox } from "../../lib/secret-box";
import { readPrimary } from "./calendar-api";
import { googleConfigOf, type GoogleConfig } from "./google-config";
import { authorizationUrl, exchangeCode, refreshAccess, revokeToken } from "./google-oauth";
import { createState, newPkce, takeState } from "./oauth-states";
import { queueUserSync } from "./sync-queue";

export type GoogleDeps = { db: Db; env: Env; box: SecretBox; now: () => Date; queue?: Pick<Queue, "send"> };

const tokenContext = (userId: string, field: "access_token" | "refresh_token") => [userId, "google-calendar", field] as const;
/** A token this close to its end is refreshed before use, so a call does not start with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

export async function readGoogleStatus(deps: Pick<GoogleDeps, "db" | "env">, userId: string): Promise<GoogleCalendarStatus> {
  const [row] = await deps.db.select().from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, userId));
  const [events] = await deps.db.select({ n: count() }).from(googleCalendarEvents).where(eq(googleCalendarEvents.userId, userId));
  return {
    configured: googleConfigOf(deps.env) !== null,
    state: !row ? "not_connected" : row.status === "connected" ? "connected" : "reconnect",
    calendar: row?.calendarName ?? null,
    connected_at: row?.connectedAt.toISOString() ?? null,
    synced_events: events?.n ?? 0,
    last_error: row?.lastError ?? null,
    last_error_at: row?.lastErrorAt?.toISOString() ?? null,
  };
}

/** Where the connect button sends the browser: Google's consent page with a fresh state and PKCE challenge. */
export async function startConnect(deps: GoogleDeps, userId: string): Promise<string | null> {
  const config = googleConfigOf(deps.env);
  if (!config) return null;
  const { verifier, challenge } = newPkce();
  const state = await createState(deps.db, deps.box, userId, verifier, deps.now());
  return authorizationUrl(config, state, challenge);
}

/**
 * The callback's work: the state must be one we made for this user, unused and fresh; the code is
 * exchanged with the verifier; the primary calendar is read with the new token. Only then are the
 * tokens kept (sealed) and the user's dated tasks queued for their calendar.
 */
export async function finishConnect(deps: GoogleDeps, userId: string, query: { code?: string; state?: string; error?: string }): Promise<GoogleCalendarOutcome> {
  const config = googleConfigOf(deps.env);
  if (!config) return "not_configured";
  if (!query.state) return "invalid_state";
  const taken = await takeState(deps.db, deps.box, query.state, userId, deps.now());
  if (!taken.ok) return taken.reason;
  if (query.error || !query.code) return "denied";
  const exchanged = await exchangeCode(config, query.code, taken.verifier);
  if (!exchanged.ok) return "exchange_failed";
  const { access_token, refresh_token, expires_in } = exchanged.tokens;
  const primary = await readPrimary(config, access_token);
  if (primary.status !== 200) {
    // We hold a grant we cannot use: give it back rather than keep it.
    await revokeToken(config, refresh_token ?? access_token);
    return "verify_failed";
  }
  const now = deps.now();
  const sealed = {
    accessToken: deps.box.seal(access_token, tokenContext(userId, "access_token")),
    refreshToken: refresh_token ? deps.box.seal(refresh_token, tokenContext(userId, "refresh_token")) : null,
    accessExpiresAt: new Date(now.getTime() + expires_in * 1000),
    status: "connected",
    calendarName: typeof primary.body?.id === "string" ? primary.body.id.slice(0, 200) : null,
    lastError: null,
    lastErrorAt: null,
    connectedAt: now,
    updatedAt: now,
  };
  await deps.db.transaction(async (tx) => {
    await tx.insert(googleCalendarConnections).values({ userId, ...sealed }).onConflictDoUpdate({ target: googleCalendarConnections.userId, set: sealed });
    await recordAudit(tx, { orgId: null, actorUserId: userId, ip: currentRequestIp(), action: "google_calendar.connect", targetType: "user", targetId: userId, details: { calendar: sealed.calendarName } });
  });
  if (deps.queue) await queueUserSync(deps.queue, userId);
  return "connected";
}

export type AccessToken = { ok: true; token: string; config: GoogleConfig } | { ok: false; reason: "not_configured" | "not_connected" | "reconnect" | "unreachable" };

/**
 * A usable access token for the user: the stored one while it lives, else a refresh. A refresh
 * answered invalid_grant marks the connection "reconnect" (the card asks the user to connect
 * again); Google out of reach is "unreachable" (the job is retried).
 */
export async function accessTokenOf(deps: Pick<GoogleDeps, "db" | "env" | "box" | "now">, userId: string, force = false): Promise<AccessToken> {
  const config = googleConfigOf(deps.env);
  if (!config) return { ok: false, reason: "not_configured" };
  const [row] = await deps.db.select().from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, userId));
  if (!row) return { ok: false, reason: "not_connected" };
  if (row.status !== "connected") return { ok: false, reason: "reconnect" };
  const now = deps.now();
  if (!force && row.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime()) {
    const token = deps.box.open(row.accessToken, tokenContext(userId, "access_token"));
    if (token) return { ok: true, token, config };
  }
  const refresh = row.refreshToken ? deps.box.open(row.refreshToken, tokenContext(userId, "refresh_token")) : null;
  const answered = refresh ? await refreshAccess(config, refresh) : ({ ok: false, error: "invalid_grant", status: 400 } as const);
  if (!answered.ok) {
    if (answered.error !== "invalid_grant") return { ok: false, reason: "unreachable" };
    await deps.db
      .update(googleCalendarConnections)
      .set({ status: "reconnect", lastError: "Google refused the saved access (invalid_grant): connect again", lastErrorAt: now, updatedAt: now })
      .where(eq(googleCalendarConnections.userId, userId));
    return { ok: false, reason: "reconnect" };
  }
  const { access_token, expires_in, refresh_token } = answered.tokens;
  await deps.db
    .update(googleCalendarConnections)
    .set({
      accessToken: deps.box.seal(access_token, tokenContext(userId, "access_token")),
      accessExpiresAt: new Date(now.getTime() + expires_in * 1000),
      // Google may rotate the refresh token; the new one replaces the old.
      ...(refresh_token ? { refreshToken: deps.box.seal(refresh_token, tokenContext(userId, "refresh_token")) } : {}),
      updatedAt: now,
    })
    .where(eq(googleCalendarConnections.userId, userId));
  return { ok: true, token: access_token, config };
}

/** Revokes the grant at Google (a refusal does not keep the tokens), then forgets the tokens and the event map. */
export async function disconnectGoogle(deps: GoogleDeps, userId: string): Promise<GoogleCalendarStatus> {
  const config = googleConfigOf(deps.env);
  const [row] = await deps.db.select().from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, userId));
  if (row && config) {
    const token = (row.refreshToken ? deps.box.open(row.refreshToken, tokenContext(userId, "refresh_token")) : null) ?? deps.box.open(row.accessToken, tokenContext(userId, "access_token"));
    if (token) await revokeToken(config, token);
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(googleCalendarEvents).where(eq(googleCalendarEvents.userId, userId));
    const gone = await tx.delete(googleCalendarConnections).where(eq(googleCalendarConnections.userId, userId)).returning({ userId: googleCalendarConnections.userId });
    if (gone[0]) await recordAudit(tx, { orgId: null, actorUserId: userId, ip: currentRequestIp(), action: "google_calendar.disconnect", targetType: "user", targetId: userId });
  });
  return readGoogleStatus(deps, userId);
}
