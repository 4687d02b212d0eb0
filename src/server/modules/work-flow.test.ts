import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { signedInUser } from "../testing/users";

let t: TestApp;
let cookie: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await signedInUser(t.app, t.services.database.db, "work");
  cookie = user.cookie;
  const boot = await call(t.app, "POST", "/functions/v1/org-bootstrap", { cookie, body: { user_id: user.id } });
  base = `/api/v1/organisations/${(boot.body as { org: { id: string } }).org.id}`;
});
afterAll(async () => t.close());

const api = (method: string, path: string, body?: unknown) => call(t.app, method, `${base}${path}`, { cookie, body });

describe("planes, projects and tasks", () => {
  it("walk from onboarding's default planes to a task on the dashboard", async () => {
    const defaults = await api("POST", "/onboarding/default-planes", { business_name: "Boats Business" });
    expect(defaults.status).toBe(200);
    const again = await api("POST", "/onboarding/default-planes", {});
    expect((again.body as { created: boolean }).created).toBe(false);
    const planes = (defaults.body as { planes: { id: string; name: string; key: string }[] }).planes;
    expect(planes.map((p) => p.name)).toEqual(["Personal", "Boats Business"]);

    const project = await api("POST", "/projects", { plane_id: planes[0]!.id, name: "Garden", color: "#22c55e" });
    expect(project.status).toBe(201);
    const projectId = (project.body as { project: { id: string } }).project.id;

    const task = await api("POST", "/tasks", { title: "Plant tulips", project_id: projectId, due_at: new Date().toISOString() });
    expect(task.status).toBe(201);
    expect((task.body as { task: { priority: string; status: string; projects: { name: string } } }).task).toMatchObject({ priority: "medium", status: "todo", projects: { name: "Garden" } });

    const counts = await api("GET", "/tasks/counts?tz=Europe/Berlin");
    expect((counts.body as { counts: Record<string, number> }).counts.all).toBe(1);
    const list = await api("GET", "/tasks?view=all&tz=Europe/Berlin");
    expect((list.body as { tasks: unknown[] }).tasks).toHaveLength(1);

    const planeList = await api("GET", "/planes");
    const personal = (planeList.body as { planes: { name: string; project_count: number; recent_projects: { name: string }[] }[] }).planes[0]!;
    expect(personal).toMatchObject({ project_count: 1, recent_projects: [{ name: "Garden" }] });

    const search = await api("GET", "/search?q=tulip");
    expect((search.body as { tasks: unknown[] }).tasks).toHaveLength(1);

    const refused = await api("DELETE", `/planes/${planes[0]!.id}`);
    expect(refused.status).toBe(409);
    const moved = await api("DELETE", `/planes/${planes[0]!.id}?projects=move&target=${planes[1]!.id}`);
    expect(moved.body).toEqual({ moved: 1, deleted: 0 });
  });

  it("refuses a fourth project on the Starter plan, pointing at the pricing page", async () => {
    t.services.clock.now = () => new Date(Date.now() + 15 * 24 * 3600 * 1000); // past the 14-day trial
    const plane = await api("POST", "/planes", { name: "Limits" });
    const planeId = (plane.body as { plane: { id: string } }).plane.id;
    const existing = ((await api("GET", "/projects")).body as { projects: unknown[] }).projects.length;
    for (let i = existing; i < 3; i++) expect((await api("POST", "/projects", { plane_id: planeId, name: `P${i}` })).status).toBe(201);
    const fourth = await api("POST", "/projects", { plane_id: planeId, name: "One too many" });
    expect(fourth.status).toBe(402);
    expect(fourth.body).toMatchObject({ error: { code: "plan_limit" } });
    expect(JSON.stringify(fourth.body)).toMatch(/pricing page/);
  });
});
