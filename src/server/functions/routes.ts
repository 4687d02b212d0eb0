import { Hono } from "hono";
import { DB_SLOW_MS, orgBootstrapInput, type HealthResponse, type OrgBootstrapResponse, type PartState, type ReleaseInfoResponse, type SecretsReadyResponse } from "@/shared/functions";
import type { AppEnv } from "../context";
import type { PartStatus } from "../db/availability";
import { pingDatabaseWithin } from "../db/client";
import { requireUser } from "../auth/session";
import { AppError } from "../lib/errors";
import { parseBody } from "../lib/parse";
import { bootstrapOrganisation } from "../modules/organisations/bootstrap-organisation";
import { agentChat } from "./agent-chat";
import { agentDispatch } from "./agent-dispatch";
import { agentClaim } from "./agent-claim";
import { agentInbox } from "./agent-inbox";
import { agentReady, starterWorkflowDownload } from "./agent-ready";
import { aiAssist } from "./ai-assist";
import { connUpsert } from "./conn-upsert";
import { devChat } from "./dev-chat";
import { healthHistory } from "./health-history";
import { releaseOf } from "./release";
import { telemetry } from "./telemetry";

/** Functions anyone may call; they never read the session. */
// agent-inbox and agent-claim are n8n's: their proof is the signature (functions/agent-inbox.ts), not a session.
export const publicFunctionPaths = ["/functions/v1/health", "/functions/v1/release-info", "/functions/v1/agent-ready", "/functions/v1/agent-inbox", "/functions/v1/agent-claim", "/functions/v1/starter-workflow", "/functions/v1/health-history"];

export const functionRoutes = new Hono<AppEnv>()
  .on(["GET", "POST"], "/health", async (c) => {
    const { database, changes, sessionCache } = c.get("services");
    const started = performance.now();
    let error: string | null = null;
    try {
      await pingDatabaseWithin(database);
      database.availability.markUp();
    } catch (e) {
      database.availability.markDown(e);
      // Public: up or down, never the database's own words (they may name its host; the log keeps them).
      error = "Database unreachable";
    }
    const db = error === null;
    const listener = changes.status();
    if (db && !listener.ok) error = "Not listening for changes: open event streams receive nothing until it is back";
    // The database was just pinged, so it is up or down; a listener says its state (it may also be idle or connecting).
    const part = (p: PartStatus & { state?: PartState }) => ({ ok: p.ok, since: p.since?.toISOString() ?? null, state: p.state ?? (p.ok ? "up" : "down") });
    const latency = db ? Math.round((performance.now() - started) * 10) / 10 : null;
    const body: HealthResponse = {
      ok: db && listener.ok,
      db,
      db_latency_ms: latency,
      db_slow: latency !== null && latency > DB_SLOW_MS,
      timestamp: new Date().toISOString(),
      error,
      parts: { database: part(database.availability.status()), listener: part(listener), sessions: part(sessionCache.status()) },
    };
    // 503 only when requests cannot be served; without the listener the API still works.
    return c.json(body, db ? 200 : 503);
  })
  .on(["GET", "POST"], "/release-info", (c) => {
    const { env } = c.get("services");
    const body: ReleaseInfoResponse = { ok: true, ...releaseOf(env), timestamp: new Date().toISOString(), features: { ai_assist: env.AI_ASSIST_ENABLED !== "0" } };
    return c.json(body);
  })
  .post("/org-bootstrap", async (c) => {
    const user = requireUser(c);
    const input = await parseBody(c, orgBootstrapInput);
    if (input.user_id !== user.id) throw new AppError("forbidden", "You can only set up an organisation for yourself");
    const { env, database } = c.get("services");
    const { org } = await bootstrapOrganisation(database.db, { userId: user.id, orgName: input.org_name ?? env.APP_NAME, now: c.get("services").clock.now() });
    const body: OrgBootstrapResponse = { ok: true, org, error: null };
    return c.json(body);
  })
  .post("/conn-upsert", connUpsert)
  .post("/agent-dispatch", agentDispatch)
  .post("/agent-inbox", agentInbox)
  .post("/agent-claim", agentClaim)
  .post("/agent-chat", agentChat)
  .post("/dev-chat", devChat)
  .post("/ai-assist", aiAssist)
  .post("/telemetry", telemetry)
  .on(["GET", "POST"], "/agent-ready", agentReady)
  .on(["GET", "POST"], "/secrets-ready", (c) => {
    requireUser(c);
    const { env } = c.get("services");
    const body: SecretsReadyResponse = { ok: true, n8n_base: Boolean(env.N8N_BASE), n8n_hmac: Boolean(env.N8N_AGENT_SECRET), gh_token: Boolean(env.GITHUB_TOKEN), gh_repo: Boolean(env.GITHUB_REPO) };
    return c.json(body);
  })
  .get("/starter-workflow", starterWorkflowDownload)
  .get("/health-history", healthHistory);
