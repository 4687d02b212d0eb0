import type { Context } from "hono";
import type { z } from "zod";
import { telemetryInput, type telemetryResponse } from "@/shared/chat";
import type { AppEnv } from "../context";
import { requireUser } from "../auth/session";
import { parseBody } from "../lib/parse";
import { requireMembership } from "../modules/organisations/require-membership";
import { recordTelemetry } from "../modules/telemetry/record-telemetry";

/** The spec's telemetry: a signed-in user's event; an organisation is recorded only for its members. */
export async function telemetry(c: Context<AppEnv>) {
  const user = requireUser(c);
  const input = await parseBody(c, telemetryInput);
  const { database, sessionCache } = c.get("services");
  const orgId = input.org_id ? (await requireMembership(database.db, user.id, input.org_id, sessionCache)).orgId : null;
  const at = await recordTelemetry(database.db, { userId: user.id, orgId, input });
  const body: z.infer<typeof telemetryResponse> = { ok: true, received: at.toISOString() };
  return c.json(body);
}
