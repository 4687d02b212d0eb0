import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Project } from "@/shared/work";
import { organisations, projects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, randomId, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let u: OrgUser;
let other: OrgUser;
let plane: string;
const setPlan = (orgId: string, plan: string) => t.services.database.db.update(organisations).set({ plan }).where(eq(organisations.id, orgId));
const projectCount = async (orgId: string) => (await t.services.database.db.select({ n: count() }).from(projects).where(eq(projects.orgId, orgId)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [u, other] = await Promise.all([orgUser(t.app, db, "projects"), orgUser(t.app, db, "projects-other")]);
  await setPlan(u.orgId, "professional");
  plane = await createPlaneVia(u, "Work");
});
afterAll(async () => t?.close());

describe("projects", () => {
  it("are created, read, listed, updated and deleted with their tasks", async () => {
    const created = await u.api("POST", "/projects", { plane_id: plane, name: "Website", color: "#22c55e", description: "The shop", website_url: "https://boats.example" });
    expect(created.status).toBe(201);
    const project = field<Project>(created, "project");
    expect(project).toMatchObject({ name: "Website", color: "#22c55e", status: "active", plane_id: plane, task_count: 0 });
    await createTaskVia(u, project.id, "Write copy");

    expect(field<Project>(await u.api("GET", `/projects/${project.id}`), "project")).toMatchObject({ task_count: 1, open_task_count: 1 });
    expect(field<Project[]>(await u.api("GET", `/projects?plane_id=${plane}`), "projects").map((p) => p.id)).toContain(project.id);

    // A rename alone keeps the description and website (a PATCH once wiped both).
    const renamed = field<Project>(await u.api("PATCH", `/projects/${project.id}`, { name: "Web shop", status: "paused" }), "project");
    expect(renamed).toMatchObject({ name: "Web shop", status: "paused", description: "The shop", website_url: "https://boats.example" });
    const cleared = field<Project>(await u.api("PATCH", `/projects/${project.id}`, { description: "", website_url: null }), "project");
    expect(cleared).toMatchObject({ description: null, website_url: null, name: "Web shop" });

    const second = await createPlaneVia(u, "Second");
    expect(field<Project>(await u.api("PATCH", `/projects/${project.id}`, { plane_id: second }), "project").plane_id).toBe(second);

    expect((await u.api("DELETE", `/projects/${project.id}`)).body).toEqual({ ok: true });
    expect((await u.api("GET", `/projects/${project.id}`)).status).toBe(404);
    expect(field<unknown[]>(await u.api("GET", `/tasks?project_id=${project.id}`), "tasks")).toHaveLength(0);
  });

  it("reject bad input with the fields at fault", async () => {
    const bad = await u.api("POST", "/projects", { plane_id: "nope", name: "", color: "red", website_url: "boats.example", status: "sleeping" });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { error: { fields: object } }).error.fields).sort()).toEqual(["color", "name", "plane_id", "status", "website_url"]);
    const missingPlane = await u.api("POST", "/projects", { plane_id: randomId(), name: "Orphan" });
    expect(missingPlane.body).toMatchObject({ error: { code: "bad_request", fields: { plane_id: expect.any(String) } } });
    expect((await u.api("GET", "/projects/123")).body).toMatchObject({ error: { fields: { projectId: expect.any(String) } } });
    expect((await u.api("GET", "/projects?plane_id=x")).status).toBe(400);
    const p = await createProjectVia(u, plane, "Valid");
    expect((await u.api("PATCH", `/projects/${p}`, { color: "#12345" })).body).toMatchObject({ error: { fields: { color: expect.any(String) } } });
    expect((await u.api("PATCH", `/projects/${p}`, { website_url: "ftp://x.y" })).status).toBe(400);
  });

  it("answer 404 for an unknown id and another organisation's project, and never move into a foreign plane", async () => {
    const theirPlane = await createPlaneVia(other, "Theirs");
    const theirs = await createProjectVia(other, theirPlane, "Their project");
    for (const id of [randomId(), theirs]) {
      expect((await u.api("GET", `/projects/${id}`)).status).toBe(404);
      expect((await u.api("PATCH", `/projects/${id}`, { name: "Mine" })).status).toBe(404);
      expect((await u.api("DELETE", `/projects/${id}`)).status).toBe(404);
    }
    const mine = await createProjectVia(u, plane, "Mine");
    expect((await u.api("PATCH", `/projects/${mine}`, { plane_id: theirPlane })).status).toBe(400);
    expect((await u.api("POST", "/projects", { plane_id: theirPlane, name: "Sneaky" })).status).toBe(400);
    expect(field<Project>(await other.api("GET", `/projects/${theirs}`), "project").name).toBe("Their project");
  });
});

describe("the Starter plan's project limit", () => {
  // New organisations try Professional for 14 days; these are past it once created.
  const pastTrial = () => void (t.services.clock.now = () => new Date(Date.now() + 15 * 24 * 3600 * 1000));
  afterEach(() => void (t.services.clock.now = () => new Date()));
  it("refuses a fourth project with a pointer to the pricing page, and Professional lifts it", async () => {
    const owner = await orgUser(t.app, t.services.database.db, "limit");
    pastTrial();
    const p = await createPlaneVia(owner, "Limited");
    for (const name of ["A", "B", "C"]) await createProjectVia(owner, p, name);
    const fourth = await owner.api("POST", "/projects", { plane_id: p, name: "D" });
    expect(fourth.status).toBe(402);
    expect(fourth.body).toMatchObject({ error: { code: "plan_limit", message: expect.stringMatching(/pricing page/) } });
    await setPlan(owner.orgId, "professional");
    for (const name of ["D", "E"]) expect((await owner.api("POST", "/projects", { plane_id: p, name })).status).toBe(201);
    expect(await projectCount(owner.orgId)).toBe(5);
  });

  it("holds under simultaneous creates", async () => {
    const owner = await orgUser(t.app, t.services.database.db, "race");
    pastTrial();
    const p = await createPlaneVia(owner, "Race");
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => owner.api("POST", "/projects", { plane_id: p, name: `Racer ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 402, 402, 402]);
    expect(await projectCount(owner.orgId)).toBe(3);
  });
});
