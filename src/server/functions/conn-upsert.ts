import type { Context } from "hono";
import { connUpsertInput, type ConnUpsertResponse } from "@/shared/connections";
import type { AppEnv } from "../context";
import { requireUser } from "../auth/session";
import { parseBody } from "../lib/parse";
import { upsertConnection } from "../modules/connections/upsert-connection";
import { assertTwoFactorAllowed } from "../modules/organisations/organisation-security";
import { requireOwner } from "../modules/organisations/require-membership";

/** The spec's conn-upsert. The body names the organisation, so ownership is checked, never assumed. */
export async function connUpsert(c: Context<AppEnv>) {
  const user = requireUser(c);
  const { org_id, ...input } = await parseBody(c, connUpsertInput);
  const { database, secrets } = c.get("services");
  const scope = await requireOwner(database.db, user.id, org_id);
  await assertTwoFactorAllowed(database.db, user, scope);
  await upsertConnection({ db: database.db, scope, box: secrets }, input);
  const body: ConnUpsertResponse = { ok: true, error: null };
  return c.json(body);
}
