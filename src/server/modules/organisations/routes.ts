import { Hono } from "hono";
import { renameOrganisationInput } from "@/shared/organisations";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseBody, parseWith } from "../../lib/parse";
import { listMemberships } from "./list-memberships";
import { orgParams, orgScope } from "./org-scope";
import { listMembers } from "./list-members";
import { renameOrganisation } from "./rename-organisation";

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
  .patch("/:orgId", async (c) => {
    const user = requireUser(c);
    const { orgId } = parseWith(orgParams, c.req.param());
    const input = await parseBody(c, renameOrganisationInput);
    return c.json({ organisation: await renameOrganisation(c.get("services").database.db, { userId: user.id, orgId }, input) });
  });
