import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskView } from "@/shared/work";
import { organisations, planes, projects, tasks } from "../../db/schema";
import { openTestDatabase, type TestDatabase } from "../../testing/test-database";
import type { Ctx } from "../organisations/org-scope";
import { countTasks } from "./count-tasks";
import { listTasks } from "./list-tasks";

// Due Today and Overdue hinge on the user's local midnight; the verbs take `now`, so each case
// stands at a fixed instant and puts tasks on either side of both midnights of that local day.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

type Case = { zone: string; now: string; start: string; end: string };
const NIGHT = "2026-03-29T22:30:00Z";
const cases: Case[] = [
  // Berlin has already reached 00:30 on Mar 30, the day after clocks went forward.
  { zone: "Europe/Berlin", now: NIGHT, start: "2026-03-29T22:00:00.000Z", end: "2026-03-30T22:00:00.000Z" },
  // Mar 29 itself in Berlin lasts 23 hours: CET midnight to CEST midnight.
  { zone: "Europe/Berlin", now: "2026-03-29T10:00:00Z", start: "2026-03-28T23:00:00.000Z", end: "2026-03-29T22:00:00.000Z" },
  { zone: "America/New_York", now: NIGHT, start: "2026-03-29T04:00:00.000Z", end: "2026-03-30T04:00:00.000Z" },
  { zone: "Pacific/Kiritimati", now: NIGHT, start: "2026-03-29T10:00:00.000Z", end: "2026-03-30T10:00:00.000Z" },
  { zone: "UTC", now: NIGHT, start: "2026-03-29T00:00:00.000Z", end: "2026-03-30T00:00:00.000Z" },
  // The instant of midnight itself belongs to the new day.
  { zone: "UTC", now: "2026-03-30T00:00:00Z", start: "2026-03-30T00:00:00.000Z", end: "2026-03-31T00:00:00.000Z" },
  // Midnights off the whole UTC hour: the counts take the partial hours from tasks, not the hour histogram.
  { zone: "Asia/Kathmandu", now: NIGHT, start: "2026-03-29T18:15:00.000Z", end: "2026-03-30T18:15:00.000Z" },
  { zone: "Asia/Kolkata", now: NIGHT, start: "2026-03-29T18:30:00.000Z", end: "2026-03-30T18:30:00.000Z" },
  { zone: "America/St_Johns", now: NIGHT, start: "2026-03-29T02:30:00.000Z", end: "2026-03-30T02:30:00.000Z" },
];

/** An organisation of its own per case, so each case's lists hold only its own tasks. */
async function seed(c: Case) {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: `Day ${c.zone}` }).returning();
  const [plane] = await db.insert(planes).values({ orgId: org!.id, name: "P", key: "P1" }).returning();
  const [project] = await db.insert(projects).values({ orgId: org!.id, planeId: plane!.id, name: "Days" }).returning();
  const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs);
  const specs = {
    atMidnight: { dueAt: at(c.start), status: "todo" },
    lastMsOfDay: { dueAt: at(c.end, -1), status: "todo" },
    midday: { dueAt: at(c.start, 12 * 3_600_000 + 1_234), status: "todo" },
    msBeforeMidnight: { dueAt: at(c.start, -1), status: "todo" },
    evening: { dueAt: at(c.start, -3 * 3_600_000 - 5_000), status: "todo" },
    doneToday: { dueAt: at(c.start, 3_600_000), status: "done" },
    weekAgo: { dueAt: at(c.start, -7 * 86_400_000), status: "todo" },
    doneYesterday: { dueAt: at(c.start, -1), status: "done" },
    nextMidnight: { dueAt: at(c.end), status: "todo" },
    undated: { dueAt: null, status: "todo" },
    undatedDone: { dueAt: null, status: "done" },
  };
  const rows = await db
    .insert(tasks)
    .values(Object.entries(specs).map(([title, s]) => ({ orgId: org!.id, projectId: project!.id, title, ...s })))
    .returning({ id: tasks.id, title: tasks.title });
  const ctx: Ctx = { db, scope: { orgId: org!.id, userId: "day-test", role: "owner", isOwner: true, requiresTwoFactor: false }, now: () => new Date() };
  return { ctx, titleOf: new Map(rows.map((r) => [r.id, r.title])) };
}

describe("Due Today and Overdue", () => {
  it.each(cases)("follow local midnight in $zone at $now", async (c) => {
    const { ctx, titleOf } = await seed(c);
    const now = new Date(c.now);
    const titles = async (view: TaskView) => (await listTasks(ctx, { view, tz: c.zone, limit: 100 }, now)).tasks.map((x) => titleOf.get(x.id)).sort();

    const today = await titles("today");
    const overdue = await titles("overdue");
    expect(today).toEqual(["atMidnight", "doneToday", "lastMsOfDay", "midday"]);
    expect(overdue).toEqual(["evening", "msBeforeMidnight", "weekAgo"]);
    const done = await titles("done");
    expect(done).toEqual(["doneToday", "doneYesterday", "undatedDone"]);

    const counts = await countTasks(ctx, c.zone, now);
    expect(counts).toEqual({ all: titleOf.size, today: today.length, overdue: overdue.length, done: done.length });
  });

  it("moves a task from today to overdue as local midnight passes", async () => {
    const c = cases[0]!;
    const { ctx } = await seed(c);
    const before = await countTasks(ctx, c.zone, new Date(Date.parse(c.end) - 1));
    const after = await countTasks(ctx, c.zone, new Date(c.end));
    expect(before).toMatchObject({ today: 4, overdue: 3 });
    // At the next midnight, the three open tasks of the old day are overdue and nextMidnight is today.
    expect(after).toMatchObject({ today: 1, overdue: 6 });
  });
});
