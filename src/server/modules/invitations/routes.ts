import { Hono } from "hono";
import type { Context } from "hono";
import { createInvitationInput, invitationParams, invitationTokenInput } from "@/shared/invitations";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { acceptInvitation } from "./accept-invitation";
import { createInvitation, type InviteMailDeps } from "./create-invitation";
import { listInvitations } from "./list-invitations";
import { previewInvitation } from "./preview-invitation";
import { revokeInvitation } from "./revoke-invitation";

const mailDepsOf = (c: Context<AppEnv>): InviteMailDeps => {
  const { mailer, env } = c.get("services");
  return { mailer, appName: env.APP_NAME, appUrl: env.APP_URL };
};

/** /api/v1/organisations/:orgId/invitations: owners invite, list the pending ones and withdraw them. */
export const orgInvitationRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json({ invitations: await listInvitations(ctxOf(c)) }))
  .post("/", async (c) => c.json({ invitation: await createInvitation(ctxOf(c), mailDepsOf(c), await parseBody(c, createInvitationInput)) }, 201))
  .delete("/:inviteId", async (c) => {
    const { inviteId } = parseWith(invitationParams, c.req.param());
    await revokeInvitation(ctxOf(c), inviteId);
    return c.body(null, 204);
  });

/** /api/v1/invitations: the link's holder previews it (no session needed) and accepts it (signed in). */
export const invitationRoutes = new Hono<AppEnv>()
  .post("/preview", async (c) => {
    const { token } = await parseBody(c, invitationTokenInput);
    const { database, clock } = c.get("services");
    return c.json({ invitation: await previewInvitation(database.db, token, clock.now()) });
  })
  .post("/accept", async (c) => {
    const me = requireUser(c);
    const { token } = await parseBody(c, invitationTokenInput);
    const { database, clock, logger } = c.get("services");
    return c.json(await acceptInvitation({ ...mailDepsOf(c), db: database.db, now: clock.now, logger }, me, token));
  });
