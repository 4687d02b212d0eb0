import { Hono } from "hono";
import { orgBootstrapInput, type HealthResponse, type OrgBootstrapResponse, type ReleaseInfoResponse } from "@/shared/functions";
import type { AppEnv } from "../context";
import { pingDatabase } from "../db/client";
import { requireUser } from "../auth/session";
import { AppError } from "../lib/errors";
import { parseBody } from "../lib/parse";
import { bootstrapOrganisation } from "../modules/organisations/bootstrap-organisation";
import { connUpsert } from "./conn-upsert";
import { releaseOf } from "./release";

/** Functions anyone may call; they never read the session. */
export const publicFunctionPaths = ["/functions/v1/health", "/functions/v1/release-info"];

export const functionRoutes = new Hono<AppEnv>()
  .on(["GET", "POST"], "/health", async (c) => {
    const started = performance.now();
    let error: string | null = null;
    try {
      await pingDatabase(c.get("services").database.db);
    } catch (e) {
      error = `Database unreachable: ${e instanceof Error ? e.message : String(e)}`;
    }
    const body: HealthResponse = {
      ok: error === null,
      db: error === null,
      db_latency_ms: error === null ? Math.round((performance.now() - started) * 10) / 10 : null,
      timestamp: new Date().toISOString(),
      error,
    };
    return c.json(body, error ? 503 : 200);
  })
  .on(["GET", "POST"], "/release-info", (c) => {
    const release = releaseOf(c.get("services").env);
    const body: ReleaseInfoResponse = { ok: true, ...release, timestamp: new Date().toISOString() };
    return c.json(body);
  })
  .post("/org-bootstrap", async (c) => {
    const user = requireUser(c);
    const input = await parseBody(c, orgBootstrapInput);
    if (input.user_id !== user.id) throw new AppError("forbidden", "You can only set up an organisation for yourself");
    const { env, database } = c.get("services");
    const { org } = await bootstrapOrganisation(database.db, { userId: user.id, orgName: input.org_name ?? env.APP_NAME });
    const body: OrgBootstrapResponse = { ok: true, org, error: null };
    return c.json(body);
  })
  .post("/conn-upsert", connUpsert);
