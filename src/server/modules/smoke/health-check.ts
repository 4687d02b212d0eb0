import { healthResponse } from "@/shared/functions";
import { msSince, reasonOf, requireOrigin, SELF_CALL_TIMEOUT_MS, SmokeFailure, type SmokeCtx, type SmokeOutcome } from "./smoke-context";

/** The health function, over HTTP: it must answer ok with the database reachable. */
export async function checkHealth(ctx: SmokeCtx): Promise<SmokeOutcome> {
  const started = performance.now();
  const res = await fetch(`${requireOrigin(ctx)}/functions/v1/health`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(SELF_CALL_TIMEOUT_MS) }).catch((e: unknown) => {
    throw new SmokeFailure(`the health function could not be reached: ${reasonOf(e, SELF_CALL_TIMEOUT_MS)}`);
  });
  const parsed = healthResponse.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new SmokeFailure(`the health function answered ${res.status} without a health report`);
  const health = parsed.data;
  if (!health.db) throw new SmokeFailure(`the database is not reachable (${health.error ?? `status ${res.status}`})`);
  if (!health.ok) throw new SmokeFailure(health.error ?? "the health function did not answer ok");
  // Whole milliseconds: a text carries its numbers over to every language as written, and "11.9" is no German number.
  const roundTrip = health.db_latency_ms === null ? "?" : Math.round(health.db_latency_ms);
  return { status: "pass", message: `Answered ok in ${msSince(started)} ms; database round trip ${roundTrip} ms` };
}
