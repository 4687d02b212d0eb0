import { Hono } from "hono";
import { budgetDepsOf, chargeBudget } from "../../lib/budgets";
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
  .post("/", async (c) => {
    const input = await parseBody(c, createInvitationInput);
    const ctx = ctxOf(c);
    // Each invitation mails an address the caller picks: per person a minute, per organisation and per address a day.
    await chargeBudget(budgetDepsOf(c), "invite", { userId: ctx.scope.userId, orgId: ctx.scope.orgId, address: input.email });
    return c.json({ invitation: await createInvitation(ctx, mailDepsOf(c), input) }, 201);
  })
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
