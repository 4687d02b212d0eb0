import { Hono } from "hono";
import { changeMemberRoleInput, memberParams, renameOrganisationInput } from "@/shared/organisations";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseBody, parseWith } from "../../lib/parse";
import { listMemberships } from "./list-memberships";
import { changeMemberRole, removeMember } from "./member-changes";
import { ctxOf, orgParams, orgScope } from "./org-scope";
import { listMembers } from "./list-members";
import { renameOrganisation } from "./rename-organisation";
import { readOrganisationSecurity, updateOrganisationSecurity } from "./organisation-security";
import { updateOrganisationSecurityInput } from "@/shared/organisation-security";
import type { OrganisationBudgetsResponse } from "@/shared/budgets";
import { modelBudgetToday } from "../../lib/budgets";
import { llmTargetOf } from "../chat/llm-target";

export const organisationRoutes = new Hono<AppEnv>()
  .use("/:orgId", orgScope)
  .use("/:orgId/*", orgScope)
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json({ memberships: await listMemberships(c.get("services").database.db, user.id) });
  })
  .get("/:orgId/members", async (c) => {
    const user = requireUser(c);
    const { orgId } = parseWith(orgParams, c.req.param());
    return c.json({ members: await listMembers(c.get("services").database.db, { userId: user.id, orgId }) });
  })
  .patch("/:orgId/members/:userId", async (c) => {
    const { userId } = parseWith(memberParams, c.req.param());
    const input = await parseBody(c, changeMemberRoleInput);
    return c.json({ member: await changeMemberRole(ctxOf(c), userId, input) });
  })
  .delete("/:orgId/members/:userId", async (c) => {
    const { userId } = parseWith(memberParams, c.req.param());
    await removeMember(ctxOf(c), userId);
    return c.body(null, 204);
  })
  // Leaving: any member may, for themselves, unless they are the last owner.
  .delete("/:orgId/membership", async (c) => {
    const ctx = ctxOf(c);
    await removeMember(ctx, ctx.scope.userId);
    return c.body(null, 204);
  })
  .get("/:orgId/security", async (c) => c.json({ security: await readOrganisationSecurity(ctxOf(c)) }))
  // The settings' "used today / budget" for model calls on the server's key (lib/budgets.ts).
  .get("/:orgId/budgets", async (c) => {
    const ctx = ctxOf(c);
    const { env, secrets } = c.get("services");
    const target = await llmTargetOf({ ...ctx, tz: "UTC", env, box: secrets });
    const body: OrganisationBudgetsResponse = { budgets: { model_calls: { ...(await modelBudgetToday({ db: ctx.db, env, now: ctx.now }, ctx.scope.orgId)), own_key: target?.isOwn ?? false } } };
    return c.json(body);
  })
  .put("/:orgId/security", async (c) => {
    const input = await parseBody(c, updateOrganisationSecurityInput);
    return c.json({ security: await updateOrganisationSecurity(ctxOf(c), input) });
  })
  .patch("/:orgId", async (c) => {
    const user = requireUser(c);
    const { orgId } = parseWith(orgParams, c.req.param());
    const input = await parseBody(c, renameOrganisationInput);
    return c.json({ organisation: await renameOrganisation(c.get("services").database.db, { userId: user.id, orgId }, input) });
  });
