import type { Context } from "hono";
import { healthHistoryQuery } from "@/shared/health-history";
import type { AppEnv } from "../context";
import { parseWith } from "../lib/parse";
import { healthHistory as readHealthHistory } from "../modules/probes/health-history";

/** GET /functions/v1/health-history?hours=6: public, like health; the latency chart on /status. */
export async function healthHistory(c: Context<AppEnv>) {
  const { hours } = parseWith(healthHistoryQuery, { hours: c.req.query("hours") });
  const { database, clock } = c.get("services");
  return c.json(await readHealthHistory(database.db, { hours, now: clock.now() }));
}
