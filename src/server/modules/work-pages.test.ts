import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plane, PlanePage, Project, ProjectPage } from "@/shared/work";
import { planes, projects, tasks } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { orgUser, type OrgUser } from "../testing/work-fixtures";

// Planes and projects lists page by (created_at, id). Rows are seeded with identical timestamps
// and with timestamps a microsecond apart, the two cases a careless cursor gets wrong.
const COUNT = 130;
let t: TestApp;
let u: OrgUser;
let other: OrgUser;
let bigPlane: string;
let smallPlane: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [u, other] = await Promise.all([orgUser(t.app, db, "pages"), orgUser(t.app, db, "pages-other")]);
  const at = sql`timestamptz '2030-01-01 00:00:00.000001+00'`;
  // Half share one instant; the rest are a microsecond apart, all inside one millisecond.
  const atIndex = (i: number) => (i < COUNT / 2 ? at : sql`${at} + ${i} * interval '1 microsecond'`);
  const planeRows = await db
    .insert(planes)
    .values(Array.from({ length: COUNT }, (_, i) => ({ orgId: u.orgId, name: `Plane ${i}`, key: `PG${i}`, createdAt: atIndex(i) })))
    .returning({ id: planes.id });
  [bigPlane, smallPlane] = [planeRows[0]!.id, planeRows[1]!.id];
  const projectRows = await db
    .insert(projects)
    .values(Array.from({ length: COUNT }, (_, i) => ({ orgId: u.orgId, planeId: bigPlane, name: `Project ${i}`, createdAt: atIndex(i) })))
    .returning({ id: projects.id });
  await db.insert(projects).values(Array.from({ length: 3 }, (_, i) => ({ orgId: u.orgId, planeId: smallPlane, name: `Small ${i}`, createdAt: at })));
  await db.insert(tasks).values(projectRows.slice(0, 7).map((p, i) => ({ orgId: u.orgId, projectId: p.id, title: `Task ${i}` })));
  const otherPlane = await db.insert(planes).values({ orgId: other.orgId, name: "Elsewhere", key: "ELSE", createdAt: at }).returning({ id: planes.id });
  await db.insert(projects).values({ orgId: other.orgId, planeId: otherPlane[0]!.id, name: "Elsewhere project", createdAt: at });
});
afterAll(async () => t?.close());

async function walk<T extends { id: string }>(user: OrgUser, path: string, key: "planes" | "projects"): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await user.api("GET", `${path}${path.includes("?") ? "&" : "?"}${cursor ? `cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    const body = res.body as Record<typeof key, T[]> & { next_cursor: string | null };
    rows.push(...body[key]);
    cursor = body.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { rows, pages };
}

const idsInDb = async (table: typeof planes | typeof projects, where = eq(table.orgId, u.orgId)) =>
  (await t.services.database.db.select({ id: table.id, at: sql<string>`${table.createdAt}::text` }).from(table).where(where)).map((r) => r.id);

describe("planes list pages", () => {
  it("walk every plane once, oldest first, 50 at a time by default", async () => {
    const { rows, pages } = await walk<Plane>(u, "/planes", "planes");
    const all = await idsInDb(planes);
    expect(pages).toBe(Math.ceil(all.length / 50));
    expect(new Set(rows.map((p) => p.id)).size).toBe(rows.length);
    expect(rows.map((p) => p.id).sort()).toEqual([...all].sort());
    // Ties on created_at come in id order.
    const tied = rows.filter((p) => p.name.startsWith("Plane ") && Number(p.name.slice(6)) < COUNT / 2).map((p) => p.id);
    expect(tied).toEqual([...tied].sort());
  });

  it("honour a smaller limit and end with a null cursor", async () => {
    const { rows, pages } = await walk<Plane>(u, "/planes?limit=7", "planes");
    expect(rows).toHaveLength((await idsInDb(planes)).length);
    expect(pages).toBe(Math.ceil(rows.length / 7));
    const last = (await u.api("GET", "/planes?limit=100")).body as PlanePage;
    expect(last.planes).toHaveLength(100);
    expect(last.next_cursor).toEqual(expect.any(String));
  });

  it("carry each plane's counts and three newest projects", async () => {
    const { rows } = await walk<Plane>(u, "/planes?limit=100", "planes");
    const big = rows.find((p) => p.id === bigPlane)!;
    expect(big).toMatchObject({ project_count: COUNT, active_project_count: COUNT, task_count: 7 });
    expect(big.recent_projects.map((p) => p.name)).toEqual([`Project ${COUNT - 1}`, `Project ${COUNT - 2}`, `Project ${COUNT - 3}`]);
    expect(rows.find((p) => p.id === smallPlane)).toMatchObject({ project_count: 3, task_count: 0 });
    expect(rows.find((p) => p.id === smallPlane)!.recent_projects).toHaveLength(3);
  });
});

describe("projects list pages", () => {
  it("walk every project once, newest first, with and without a plane filter", async () => {
    const all = await walk<Project>(u, "/projects?limit=50", "projects");
    expect(all.pages).toBe(Math.ceil((COUNT + 3) / 50));
    expect(all.rows.map((p) => p.id).sort()).toEqual((await idsInDb(projects)).sort());
    expect(all.rows[0]!.name).toBe(`Project ${COUNT - 1}`);
    const inPlane = await walk<Project>(u, `/projects?plane_id=${bigPlane}&limit=40`, "projects");
    expect(inPlane.pages).toBe(Math.ceil(COUNT / 40));
    expect(new Set(inPlane.rows.map((p) => p.id)).size).toBe(COUNT);
    expect(inPlane.rows.every((p) => p.plane_id === bigPlane)).toBe(true);
    expect(inPlane.rows.map((p) => p.id).sort()).toEqual((await idsInDb(projects, and(eq(projects.orgId, u.orgId), eq(projects.planeId, bigPlane)))).sort());
    expect(inPlane.rows.filter((p) => p.task_count === 1)).toHaveLength(7);
  });

  it("answer 400 with a clear message for a bad cursor or limit, never 500", async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const id = crypto.randomUUID();
    const bad = [
      "not-a-cursor",
      encode({ at: "2030-01-01", id }),
      encode(["2030-13-01T00:00:00.000000Z", id]),
      encode(["2030-02-30T00:00:00.000000Z", id]),
      encode(["2030-01-01T00:00:00.000000Z", "1; drop table projects"]),
      encode(["2030-01-01T00:00:00Z", id]),
      encode(null),
      "x".repeat(201),
    ];
    for (const path of ["/planes", "/projects", `/projects?plane_id=${bigPlane}&`]) {
      for (const cursor of bad) {
        const res = await u.api("GET", `${path}${path.endsWith("&") ? "" : "?"}cursor=${cursor}`);
        expect(res.status, `${path} ${cursor}`).toBe(400);
        expect(res.body).toMatchObject({ error: { code: "bad_request", fields: { cursor: expect.any(String) } } });
      }
      for (const limit of ["0", "101", "ten"]) expect((await u.api("GET", `${path}${path.endsWith("&") ? "" : "?"}limit=${limit}`)).status).toBe(400);
    }
  });

  it("give another organisation's cursor no power beyond its own organisation's rows", async () => {
    const theirs = (await other.api("GET", "/projects?limit=1")).body as ProjectPage;
    const ours = (await u.api("GET", "/projects?limit=1")).body as ProjectPage;
    expect(theirs.projects).toHaveLength(1);
    for (const cursor of [theirs.next_cursor, ours.next_cursor].filter(Boolean)) {
      const res = await other.api("GET", `/projects?cursor=${cursor}`);
      expect(res.status).toBe(200);
      expect((res.body as ProjectPage).projects.every((p) => !p.name.startsWith("Project ") && !p.name.startsWith("Small "))).toBe(true);
    }
    const ourCursor = (await u.api("GET", "/planes?limit=1")).body as PlanePage;
    const theirView = (await other.api("GET", `/planes?cursor=${ourCursor.next_cursor}`)).body as PlanePage;
    expect(theirView.planes.every((p) => p.org_id === other.orgId)).toBe(true);
    expect((await other.api("GET", `/projects?plane_id=${bigPlane}`)).body).toEqual({ projects: [], next_cursor: null });
  });
});
