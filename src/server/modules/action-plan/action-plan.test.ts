import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionPlanProgress } from "@/shared/action-plan";
import { auditLog } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { field, ownerOtherAndMember, type OrgUser } from "../../testing/work-fixtures";
import { call } from "../../testing/http";

// The /admin checklist per organisation: read, tick, untick, reset; who may; racing ticks.
let t: TestApp;
let owner: OrgUser;
let other: OrgUser;
let member: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, other, member } = await ownerOtherAndMember(t.app, t.services.database.db, "plan"));
});
afterAll(async () => t?.close());

const progress = async (u: OrgUser) => field<ActionPlanProgress["items"]>(await u.api("GET", "/action-plan"), "items");

describe("the action plan", () => {
  it("starts empty, keeps ticks per organisation, unticks and resets with an audit row", async () => {
    expect(await progress(owner)).toEqual({});
    expect((await owner.api("PATCH", "/action-plan", { key: "s1-0", done: true })).status).toBe(200);
    await owner.api("PATCH", "/action-plan", { key: "s3-3", done: true });
    expect(await progress(owner)).toEqual({ "s1-0": true, "s3-3": true });
    expect(await progress(other)).toEqual({});
    await owner.api("PATCH", "/action-plan", { key: "s1-0", done: false });
    expect(await progress(owner)).toEqual({ "s3-3": true });
    const reset = await owner.api("DELETE", "/action-plan");
    expect(field<ActionPlanProgress["items"]>(reset, "items")).toEqual({});
    const audit = await t.services.database.db.select().from(auditLog).where(eq(auditLog.action, "action_plan.reset"));
    expect(audit.map((a) => a.orgId)).toContain(owner.orgId);
  });

  it("refuses keys that are not tasks of the plan, and anything but a boolean", async () => {
    for (const body of [{ key: "s1-50", done: true }, { key: "s4-0", done: true }, { key: "__proto__", done: true }, { key: "s1-1", done: "yes" }, {}]) {
      expect((await owner.api("PATCH", "/action-plan", body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("lets a member tick, and hides the organisation from anyone else", async () => {
    const base = `/api/v1/organisations/${owner.orgId}/action-plan`;
    expect((await call(t.app, "PATCH", base, { cookie: member.cookie, body: { key: "s2-1", done: true } })).status).toBe(200);
    expect((await call(t.app, "GET", base, { cookie: other.cookie })).status).toBe(404);
    expect((await call(t.app, "PATCH", base, { cookie: other.cookie, body: { key: "s2-2", done: true } })).status).toBe(404);
    expect((await call(t.app, "GET", base)).status).toBe(401);
  });

  it("keeps every tick when many land at once", async () => {
    await owner.api("DELETE", "/action-plan");
    const keys = Array.from({ length: 12 }, (_, i) => `s1-${i}`);
    await Promise.all(keys.map((key) => owner.api("PATCH", "/action-plan", { key, done: true })));
    expect(Object.keys(await progress(owner)).sort()).toEqual([...keys].sort());
  });
});
