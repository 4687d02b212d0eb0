import { smokeCheckLabels, type SmokeCheck, type SmokeResult } from "@/shared/smoke";
import { AppError } from "../../lib/errors";
import { countRequest } from "../../lib/request-limit-store";
import { checkAuth } from "./auth-check";
import { checkDatabase } from "./database-check";
import { checkHealth } from "./health-check";
import { checkN8n } from "./n8n-check";
import { checkQueue } from "./queue-check";
import { msSince, SmokeFailure, type SmokeCtx, type SmokeOutcome } from "./smoke-context";
import { checkSse } from "./sse-check";

const checks: Record<SmokeCheck, (ctx: SmokeCtx) => Promise<SmokeOutcome>> = { health: checkHealth, database: checkDatabase, auth: checkAuth, sse: checkSse, queue: checkQueue, n8n: checkN8n };

/** A run is six checks; this is ten runs a minute per organisation, whoever of its owners starts them. */
export const SMOKE_CHECKS_PER_MINUTE_PER_ORG = 60;

/**
 * Runs one check and reports it; a check that fails is a result, never an error of the request.
 * A failure's message starts with the check's label (spec §8: "Database: …").
 */
export async function runSmokeCheck(ctx: SmokeCtx, check: SmokeCheck): Promise<SmokeResult> {
  const verdict = await countRequest(ctx.services.database.db, [{ key: `smoke:org:${ctx.scope.orgId}`, max: SMOKE_CHECKS_PER_MINUTE_PER_ORG }], 60);
  if (!verdict.allowed) throw new AppError("rate_limited", `Too many smoke tests. Please wait ${verdict.retryAfterSeconds} seconds and try again.`, undefined, verdict.retryAfterSeconds);
  const started = performance.now();
  let outcome: SmokeOutcome | { status: "fail"; message: string };
  try {
    outcome = await checks[check](ctx);
  } catch (error) {
    const reason = error instanceof SmokeFailure ? error.message : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    if (!(error instanceof SmokeFailure)) ctx.services.logger.warn("smoke check failed unexpectedly", { check, error: error instanceof Error ? error.message : String(error) });
    outcome = { status: "fail", message: `${smokeCheckLabels[check]}: ${reason}` };
  }
  return { name: check, status: outcome.status, message: outcome.message, duration_ms: msSince(started), timestamp: ctx.now().toISOString() };
}
