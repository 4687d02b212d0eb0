import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Membership } from "@/shared/organisations";
import { effectivePlan, trialDaysLeft } from "@/shared/plans";
import type { Project, Task } from "@/shared/work";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let u: OrgUser;
let started: Date;
const at = (days: number) => () => new Date(started.getTime() + days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  started = new Date();
  t.services.clock.now = at(0);
  u = await orgUser(t.app, t.services.database.db, "trial");
});
afterAll(async () => t?.close());

const membership = async () => field<Membership[]>(await call(t.app, "GET", "/api/v1/organisations", { cookie: u.cookie }), "memberships")[0]!;

describe("the Professional trial", () => {
  it("starts with a new organisation and lasts 14 days", async () => {
    const org = (await membership()).organisations;
    expect(org.plan).toBe("free");
    expect(new Date(org.trial_ends_at!).getTime() - started.getTime()).toBeGreaterThan(14 * DAY - 60_000);
    expect(trialDaysLeft(org, at(2)())).toBe(12);
    expect(effectivePlan(org, at(13.9)())).toBe("professional");
    expect(effectivePlan(org, at(14.1)())).toBe("free");
  });

  it("allows more than three projects while it runs; when it ends, the extra ones are read-only and nothing is lost", async () => {
    const plane = await createPlaneVia(u, "Trial");
    const ids: string[] = [];
    for (const name of ["One", "Two", "Three", "Four", "Five"]) ids.push(await createProjectVia(u, plane, name));
    const late = await createTaskVia(u, ids[4]!, "Written during the trial");

    expect(field(await u.api("GET", "/projects/usage"), "usage")).toEqual({ used: 5, limit: null, read_only: 0 });
    t.services.clock.now = at(15);
    expect(field(await u.api("GET", "/projects/usage"), "usage")).toEqual({ used: 5, limit: 3, read_only: 2 });
    const projects = field<Project[]>(await u.api("GET", "/projects?limit=50"), "projects");
    expect(projects).toHaveLength(5);
    expect(Object.fromEntries(projects.map((p) => [p.name, p.read_only]))).toEqual({ One: false, Two: false, Three: false, Four: true, Five: true });
    expect(field<Project>(await u.api("GET", `/projects/${ids[4]}`), "project")).toMatchObject({ task_count: 1, read_only: true });

    const refused = [
      await u.api("POST", "/projects", { plane_id: plane, name: "Six" }),
      await u.api("PATCH", `/projects/${ids[3]}`, { name: "Renamed" }),
      await u.api("POST", "/tasks", { project_id: ids[4], title: "More" }),
      await u.api("PATCH", `/tasks/${late}`, { status: "done" }),
      await u.api("PATCH", `/tasks/${await createTaskVia(u, ids[0]!, "Movable")}`, { project_id: ids[3] }),
      await u.api("DELETE", `/tasks/${late}`),
    ];
    expect(refused.map((r) => r.status)).toEqual([402, 402, 402, 402, 402, 402]);
    expect(refused[1]!.body).toMatchObject({ error: { code: "plan_limit", message: expect.stringMatching(/read-only.*pricing page/) } });
    // The task is still there, unchanged.
    expect(field<Task>(await u.api("GET", `/tasks/${late}`), "task")).toMatchObject({ title: "Written during the trial", status: "todo" });

    // The editable three work as before; an import says per row which project is read-only.
    expect((await u.api("PATCH", `/projects/${ids[0]}`, { name: "Still mine" })).status).toBe(200);
    const imported = await u.api("POST", "/onboarding/import-tasks", { rows: [{ title: "Fine", project: "Two" }, { title: "Refused", project: "Five" }] });
    expect(imported.body).toMatchObject({ imported: 1, errors: [{ row: 2, message: 'Project "Five" is read-only on the Starter plan' }] });

    // Deleting a project is how a team gets back under the limit: then the next one is editable.
    expect((await u.api("DELETE", `/projects/${ids[1]}`)).status).toBe(200);
    expect(field<Project>(await u.api("GET", `/projects/${ids[3]}`), "project").read_only).toBe(false);
    expect((await u.api("PATCH", `/projects/${ids[3]}`, { name: "Back in use" })).status).toBe(200);
  });
});

describe("onboarding completion", () => {
  it("is kept per user and organisation on the server, the first time counting", async () => {
    expect((await membership()).onboarded_at).toBeNull();
    const first = field<string>(await u.api("POST", "/onboarding/complete"), "onboarded_at");
    const again = field<string>(await u.api("POST", "/onboarding/complete"), "onboarded_at");
    expect(again).toBe(first);
    expect((await membership()).onboarded_at).toBe(first);
    const other = await orgUser(t.app, t.services.database.db, "trial-other");
    expect((await call(t.app, "POST", `${u.base}/onboarding/complete`, { cookie: other.cookie })).status).toBe(404);
  });
});
