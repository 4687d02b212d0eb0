import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskImport } from "@/shared/task-imports";
import { taskImports, tasks } from "../../db/schema";
import type { Change } from "../../lib/events";
import { openStream, type SseStream } from "../../testing/sse-stream";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { call } from "../../testing/http";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { runTaskImport } from "./run-task-import";

// Issue 28 (18): a file of more than 1,000 rows is imported in the background, in chunks, with its
// progress on the change feed and its report kept on the import's row.
let t: TestApp;
let u: OrgUser;
const db = () => t.services.database.db;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_IMPORT_ROWS_PER_HOUR: "100000", LIMIT_WRITES_PER_MINUTE: "10000" });
  u = await orgUser(t.app, db(), "bg-import");
  const plane = await createPlaneVia(u, "Bulk");
  await Promise.all([createProjectVia(u, plane, "Garden"), createProjectVia(u, plane, "Doomed")]);
});
afterAll(async () => t?.close());

const run = (id: string) => runTaskImport({ db: db(), now: () => new Date(), logger: { warn: () => undefined } }, id);
const taskCount = async (title?: string) => (await db().select({ n: count() }).from(tasks).where(title ? and(eq(tasks.orgId, u.orgId), eq(tasks.title, title)) : eq(tasks.orgId, u.orgId)))[0]!.n;
const rowsOf = (n: number, project = "Garden", prefix = "Row") => Array.from({ length: n }, (_, i) => ({ title: `${prefix} ${i + 1}`, project, priority: ["hoch", "moyenne", "low"][i % 3]!, due: "2026-12-01" }));
const start = async (rows: unknown[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(t.app, "POST", `${u.base}/onboarding/import-tasks`, { cookie: u.cookie, body: { rows, ...extra }, headers });
const read = async (id: string, headers: Record<string, string> = {}) => field<TaskImport>(await call(t.app, "GET", `${u.base}/onboarding/imports/${id}`, { cookie: u.cookie, headers }), "import");
const finishAll = async () => {
  for (const { id } of await db().select({ id: taskImports.id }).from(taskImports).where(and(eq(taskImports.orgId, u.orgId), eq(taskImports.status, "queued")))) await run(id);
};

describe("a large CSV import", () => {
  let stream: SseStream;
  beforeAll(async () => {
    stream = await openStream(t.app, u.orgId, u.cookie);
    await stream.waitFor((e) => e.event === "ready");
  });
  afterAll(async () => stream?.close());

  it("answers 202 at once, then writes every valid row in the background and reports the others", async () => {
    const before = await taskCount();
    const rows = rowsOf(4_500);
    rows[9] = { ...rows[9]!, priority: "urgent" };
    rows[4_499] = { ...rows[4_499]!, project: "Nowhere" };
    const res = await start(rows);
    expect(res.status).toBe(202);
    const queued = field<TaskImport>(res, "import");
    expect(queued).toMatchObject({ status: "queued", total: 4_500, valid: 4_498, imported: 0, error_count: 2, finished_at: null });
    expect(queued.errors).toEqual([
      { row: 10, message: 'Priority must be low, medium or high, not "urgent"' },
      { row: 4_500, message: 'No project named "Nowhere"' },
    ]);
    const isImport = (action: Change["action"]) => (e: { event: string; data: string }) => e.event === "change" && (JSON.parse(e.data) as Change).entity === "import" && JSON.parse(e.data).action === action;
    await stream.waitFor(isImport("created"));
    expect(await taskCount()).toBe(before);

    await run(queued.id);
    expect(await read(queued.id)).toMatchObject({ status: "done", total: 4_500, valid: 4_498, imported: 4_498, error_count: 2 });
    expect(await taskCount()).toBe(before + 4_498);
    // Progress after each chunk of 1,000, and the task lists hear of the new tasks once, at the end.
    await stream.waitFor((e) => stream.events.filter(isImport("updated")).length >= 5 && e.event === "change");
    await stream.waitFor((e) => e.event === "change" && (JSON.parse(e.data) as Change).entity === "task");
    const [sample] = await db().select({ priority: tasks.priority }).from(tasks).where(and(eq(tasks.orgId, u.orgId), eq(tasks.title, "Row 1")));
    expect(sample?.priority).toBe("high");
  });

  it("writes each row once when the job is delivered twice at the same time, and again later", async () => {
    const res = await start(rowsOf(2_500, "Garden", "Twice"));
    const { id } = field<TaskImport>(res, "import");
    await Promise.all([run(id), run(id)]);
    await run(id);
    expect(await taskCount("Twice 2500")).toBe(1);
    expect(await read(id)).toMatchObject({ status: "done", imported: 2_500 });
    expect((await db().select({ n: count() }).from(tasks).where(and(eq(tasks.orgId, u.orgId))))[0]!.n).toBeGreaterThan(0);
  });

  it("reports the rows of a project deleted before they were written", async () => {
    const res = await start(rowsOf(1_200, "Doomed", "Lost"));
    const { id } = field<TaskImport>(res, "import");
    const projects = field<{ id: string; name: string }[]>(await u.api("GET", "/projects"), "projects");
    expect((await u.api("DELETE", `/projects/${projects.find((p) => p.name === "Doomed")!.id}`)).status).toBe(200);
    await run(id);
    const done = await read(id, { "Accept-Language": "de" });
    expect(done).toMatchObject({ status: "done", imported: 0, error_count: 1_200 });
    expect(done.errors).toHaveLength(1_000);
    expect(done.errors[0]).toEqual({ row: 1, message: "Das Projekt wurde während des Imports gelöscht" });
    expect(await taskCount("Lost 1")).toBe(0);
  });

  it("a retry with the same key answers the same import; another organisation cannot read it", async () => {
    const body = { import_key: crypto.randomUUID() };
    const first = field<TaskImport>(await start(rowsOf(1_100, "Garden", "Keyed"), body), "import");
    const again = await start(rowsOf(1_100, "Garden", "Keyed"), body);
    expect(again.status).toBe(202);
    expect(field<TaskImport>(again, "import").id).toBe(first.id);
    await finishAll();
    expect(await taskCount("Keyed 1")).toBe(1);
    const other = await orgUser(t.app, db(), "bg-import-other");
    expect((await other.api("GET", `/onboarding/imports/${first.id}`)).status).toBe(404);
    expect((await u.api("GET", `/onboarding/imports/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await u.api("GET", "/onboarding/imports/not-an-id")).status).toBe(400);
  });
});

describe("a 10 MB file", () => {
  it("is taken in one request: about 90,000 rows, answered 202 at once", async () => {
    const big = await orgUser(t.app, db(), "bg-10mb");
    await createProjectVia(big, await createPlaneVia(big, "Big"), "Garden");
    const rows = Array.from({ length: 90_000 }, (_, i) => ({ title: `Task ${i + 1}: a line of a spreadsheet, as long as people write them`, project: "Garden", priority: "mittel", due: "2026-12-01" }));
    const body = JSON.stringify({ rows });
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await call(t.app, "POST", `${big.base}/onboarding/import-tasks`, { cookie: big.cookie, body });
    expect(res.status).toBe(202);
    expect(field<TaskImport>(res, "import")).toMatchObject({ status: "queued", total: 90_000, valid: 90_000, error_count: 0 });
  });
});

describe("the organisation's import limits", () => {
  it("one background import at a time (409), and no more rows an hour than the limit (429 with the wait)", async () => {
    const limited = await createTestApp({ LIMIT_IMPORT_ROWS_PER_HOUR: "5000" });
    try {
      const fresh = await orgUser(limited.app, limited.services.database.db, "bg-limits");
      await createProjectVia(fresh, await createPlaneVia(fresh, "Limits"), "Garden");
      const go = (n: number) => fresh.api("POST", "/onboarding/import-tasks", { rows: rowsOf(n) });
      const first = await go(2_500);
      expect(first.status).toBe(202);
      const busy = await go(1_500);
      expect(busy.status).toBe(409);
      expect(busy.body).toMatchObject({ error: { code: "conflict", message: expect.stringMatching(/still running/) } });
      await runTaskImport({ db: limited.services.database.db, now: () => new Date(), logger: { warn: () => undefined } }, field<TaskImport>(first, "import").id);
      // 2,500 of 5,000 used: a small file still fits, a file that would pass the limit waits.
      expect((await go(500)).status).toBe(200);
      const over = await go(2_500);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(3_000);
      expect((await go(5_001)).status).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
