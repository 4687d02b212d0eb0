import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plane, Project, Task } from "@/shared/work";
import { organisations } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, randomId, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let u: OrgUser;
let other: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [u, other] = await Promise.all([orgUser(t.app, db, "planes"), orgUser(t.app, db, "planes-other")]);
  // The plan limit is not what these tests are about.
  await db.update(organisations).set({ plan: "professional" }).where(eq(organisations.id, u.orgId));
});
afterAll(async () => t?.close());

describe("planes", () => {
  it("are created, read, listed, renamed and deleted", async () => {
    const created = await u.api("POST", "/planes", { name: "Household", type: "personal" });
    expect(created.status).toBe(201);
    const plane = field<Plane>(created, "plane");
    expect(plane).toMatchObject({ name: "Household", type: "personal", key: "HOUS", org_id: u.orgId, project_count: 0 });
    expect(field<Plane>(await u.api("POST", "/planes", { name: "House boat" }), "plane").key).toBe("HOUS2");

    expect(field<Plane>(await u.api("GET", `/planes/${plane.id}`), "plane").name).toBe("Household");
    expect(field<Plane[]>(await u.api("GET", "/planes"), "planes").map((p) => p.name)).toContain("Household");

    const renamed = await u.api("PATCH", `/planes/${plane.id}`, { name: "Home" });
    expect(field<Plane>(renamed, "plane")).toMatchObject({ name: "Home", type: "personal", key: "HOUS" });

    expect((await u.api("DELETE", `/planes/${plane.id}`)).body).toEqual({ moved: 0, deleted: 0 });
    expect((await u.api("GET", `/planes/${plane.id}`)).status).toBe(404);
  });

  it("reject bad input with the fields at fault", async () => {
    const empty = await u.api("POST", "/planes", { name: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { code: "bad_request", fields: { name: expect.any(String) } } });
    const badType = await u.api("POST", "/planes", { name: "X", type: "galaxy", key: "1A" });
    expect(badType.body).toMatchObject({ error: { fields: { type: expect.any(String), key: expect.any(String) } } });
    const badId = await u.api("GET", "/planes/not-a-uuid");
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: { fields: { planeId: expect.any(String) } } });
    expect((await u.api("PATCH", `/planes/${randomId()}`, { name: "" })).status).toBe(400);
    const notJson = await u.api("POST", "/planes", "{not json");
    expect(notJson.status).toBe(400);
  });

  it("answer 404 for an unknown id and for another organisation's plane", async () => {
    const theirs = await createPlaneVia(other, "Their plane");
    for (const id of [randomId(), theirs]) {
      expect((await u.api("GET", `/planes/${id}`)).status).toBe(404);
      expect((await u.api("PATCH", `/planes/${id}`, { name: "Mine now" })).status).toBe(404);
      expect((await u.api("DELETE", `/planes/${id}?projects=delete`)).status).toBe(404);
    }
    expect(field<Plane>(await other.api("GET", `/planes/${theirs}`), "plane").name).toBe("Their plane");
  });

  it("refuse to delete a plane holding projects unless told to move or delete them", async () => {
    const source = await createPlaneVia(u, "Source");
    const target = await createPlaneVia(u, "Target");
    const project = await createProjectVia(u, source, "Shed");
    const task = await createTaskVia(u, project, "Paint the shed");

    const refused = await u.api("DELETE", `/planes/${source}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: "conflict", message: expect.stringMatching(/1 project\b/) } });
    expect((await u.api("DELETE", `/planes/${source}?projects=move`)).status).toBe(400);
    expect((await u.api("DELETE", `/planes/${source}?projects=move&target=${source}`)).status).toBe(400);
    const foreign = await createPlaneVia(other, "Foreign target");
    expect((await u.api("DELETE", `/planes/${source}?projects=move&target=${foreign}`)).status).toBe(400);
    expect((await u.api("DELETE", `/planes/${source}?projects=shred`)).status).toBe(400);

    expect((await u.api("DELETE", `/planes/${source}?projects=move&target=${target}`)).body).toEqual({ moved: 1, deleted: 0 });
    expect(field<Project>(await u.api("GET", `/projects/${project}`), "project").plane_id).toBe(target);
    expect(field<Task>(await u.api("GET", `/tasks/${task}`), "task").project_id).toBe(project);

    expect((await u.api("DELETE", `/planes/${target}?projects=delete`)).body).toEqual({ moved: 0, deleted: 1 });
    expect((await u.api("GET", `/projects/${project}`)).status).toBe(404);
    expect((await u.api("GET", `/tasks/${task}`)).status).toBe(404);
  });

  it("count their projects and show the three newest", async () => {
    const plane = await createPlaneVia(u, "Counted");
    for (const name of ["One", "Two", "Three", "Four"]) await createProjectVia(u, plane, name);
    const listed = field<Plane>(await u.api("GET", `/planes/${plane}`), "plane");
    expect(listed).toMatchObject({ project_count: 4, active_project_count: 4 });
    expect(listed.recent_projects.map((p) => p.name)).toEqual(["Four", "Three", "Two"]);
  });
});
