import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flagDefinitions, flagListResponse } from "@/shared/flags";
import { memberships } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { orgUser, randomId, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let owner: OrgUser;
let outsider: OrgUser;
let member: { cookie: string };
let leader: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [owner, outsider] = await Promise.all([orgUser(t.app, db, "flags-owner"), orgUser(t.app, db, "flags-outsider")]);
  const [m, l] = await Promise.all([signedInUser(t.app, db, "flags-member"), signedInUser(t.app, db, "flags-leader")]);
  await db.insert(memberships).values([
    { orgId: owner.orgId, userId: m.id, role: "member" },
    { orgId: owner.orgId, userId: l.id, role: "supreme_leader" },
  ]);
  member = m;
  leader = l;
});
afterAll(async () => t?.close());

const getFlags = (cookie: string | undefined, orgId = owner.orgId) => call(t.app, "GET", `/api/v1/organisations/${orgId}/flags`, { cookie });

describe("GET /organisations/:orgId/flags", () => {
  it("gives an owner the definitions, both on by default", async () => {
    const res = await getFlags(owner.cookie);
    expect(res.status).toBe(200);
    const body = flagListResponse.parse(res.body);
    expect(body.flags).toEqual(flagDefinitions);
    expect(body.flags.map((f) => [f.name, f.default])).toEqual([
      ["AI_ASSIST_ENABLED", true],
      ["N8N_ENABLED", true],
    ]);
  });

  it("gives a supreme_leader the same, since it is an owner role", async () => {
    expect((await getFlags(leader.cookie)).status).toBe(200);
  });

  it("refuses a plain member with 403", async () => {
    const res = await getFlags(member.cookie);
    expect(res.status).toBe(403);
    expect((res.body as { error: { code: string } }).error.code).toBe("forbidden");
  });

  it("answers 404 to another organisation's owner and to an unknown organisation", async () => {
    expect((await getFlags(outsider.cookie)).status).toBe(404);
    expect((await getFlags(owner.cookie, randomId())).status).toBe(404);
  });

  it("answers 401 without a session and 400 to a malformed organisation id", async () => {
    expect((await getFlags(undefined)).status).toBe(401);
    expect((await getFlags(owner.cookie, "not-a-uuid")).status).toBe(400);
  });
});
