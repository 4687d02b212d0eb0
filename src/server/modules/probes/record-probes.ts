import { lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { pingDatabaseWithin } from "../../db/client";
import { probeResults } from "../../db/schema/health";

/** Measurements older than this are pruned at every recording: /status shows 48 hours at most. */
export const PROBE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export type ProbeDeps = {
  database: Pick<Database, "db" | "connectTimeoutMs">;
  /** This server's own health function, over HTTP: the 'api' probe times what a visitor would wait. */
  healthUrl: string;
  now: () => Date;
  timeoutMs?: number;
};

type Measurement = { ok: boolean; latencyMs: number | null };

const elapsed = (started: number) => Math.max(0, Math.round(performance.now() - started));

async function timeHealth(url: string, timeoutMs: number): Promise<Measurement> {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return { ok: res.status === 200, latencyMs: elapsed(started) };
  } catch {
    return { ok: false, latencyMs: null };
  }
}

async function timeDatabase(database: ProbeDeps["database"]): Promise<Measurement> {
  const started = performance.now();
  try {
    await pingDatabaseWithin(database);
    return { ok: true, latencyMs: elapsed(started) };
  } catch {
    return { ok: false, latencyMs: null };
  }
}

/**
 * Times the health answer and a database round trip, stores both at `now()` and prunes what is
 * past retention. Throws when the rows cannot be stored (the database is away): the recorder logs it.
 */
export async function recordProbes({ database, healthUrl, now, timeoutMs = 10_000 }: ProbeDeps): Promise<{ api: Measurement; database: Measurement }> {
  const [api, db] = await Promise.all([timeHealth(healthUrl, timeoutMs), timeDatabase(database)]);
  const at = now();
  await database.db.insert(probeResults).values([
    { probe: "api", ok: api.ok, latencyMs: api.latencyMs, checkedAt: at },
    { probe: "database", ok: db.ok, latencyMs: db.latencyMs, checkedAt: at },
  ]);
  await database.db.delete(probeResults).where(lt(probeResults.checkedAt, new Date(at.getTime() - PROBE_RETENTION_MS)));
  return { api, database: db };
}
