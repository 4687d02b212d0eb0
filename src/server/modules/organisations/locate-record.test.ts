import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, orgUser, randomId, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let owner: OrgUser;
let stranger: OrgUser;
let member: OrgUser;
let planeId: string;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [owner, stranger, member] = await Promise.all([orgUser(t.app, db, "locate-owner"), orgUser(t.app, db, "locate-stranger"), orgUser(t.app, db, "locate-member")]);
  // The member's own organisation is current for them; the owner's is a second one.
  await db.insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
  planeId = await createPlaneVia(owner, "Harbour");
  projectId = await createProjectVia(owner, planeId, "Quay");
});
afterAll(async () => t?.close());

const locate = (u: { cookie: string } | null, query: string) => call(t.app, "GET", `/api/v1/locate?${query}`, { cookie: u?.cookie });

describe("GET /api/v1/locate", () => {
  it("names the organisation that holds a project or plane, for its members", async () => {
    expect((await locate(member, `project=${projectId}`)).body).toEqual({ org_id: owner.orgId });
    expect((await locate(member, `plane=${planeId}`)).body).toEqual({ org_id: owner.orgId });
    expect((await locate(owner, `project=${projectId}`)).body).toEqual({ org_id: owner.orgId });
  });

  it("tells anyone else nothing: another organisation's record and an unknown id are the same 404", async () => {
    const theirs = await locate(stranger, `project=${projectId}`);
    const unknown = await locate(stranger, `project=${randomId()}`);
    expect(theirs.status).toBe(404);
    const words = (body: unknown) => {
      const { code, message } = (body as { error: { code: string; message: string } }).error;
      return { code, message };
    };
    expect(words(theirs.body)).toEqual(words(unknown.body));
    expect((await locate(stranger, `plane=${planeId}`)).status).toBe(404);
  });

  it("refuses bad queries with 400 and a missing session with 401", async () => {
    expect((await locate(member, "project=nope")).status).toBe(400);
    expect((await locate(member, `project=${projectId}&plane=${planeId}`)).status).toBe(400);
    expect((await locate(member, "")).status).toBe(400);
    expect((await locate(null, `project=${projectId}`)).status).toBe(401);
  });
});
