import { describe, expect, it } from "vitest";
import { parseCommand } from "./parse-command";
import { dueDate, parseDue, resolveDue } from "./parse-due";
import { localDateOf, zonedInstant } from "./local-day";

const call = (text: string) => {
  const c = parseCommand(text);
  if (c.kind !== "tool") throw new Error(`not a tool: ${JSON.stringify(c)}`);
  return c.call;
};

describe("parseCommand", () => {
  it("reads create task with project, due date and priority in any order", () => {
    expect(call("create task Paint hull in Garden due friday")).toEqual({ name: "create_task", args: { title: "Paint hull", project: "Garden", due: "friday" } });
    expect(call("Create task Paint hull due friday in Garden")).toEqual({ name: "create_task", args: { title: "Paint hull", project: "Garden", due: "friday" } });
    expect(call("add task Buy rope in Boat Yard due tomorrow priority high")).toEqual({ name: "create_task", args: { title: "Buy rope", project: "Boat Yard", due: "tomorrow", priority: "high" } });
    expect(call("new task Sand deck high priority in Garden")).toEqual({ name: "create_task", args: { title: "Sand deck", project: "Garden", priority: "high" } });
    expect(call("create task Order paint due 2026-12-01")).toEqual({ name: "create_task", args: { title: "Order paint", due: "2026-12-01" } });
    expect(call("create task Varnish due next monday in project Garden.")).toEqual({ name: "create_task", args: { title: "Varnish", project: "Garden", due: "next monday" } });
    expect(call("create task Call yard due in 3 days")).toEqual({ name: "create_task", args: { title: "Call yard", due: "in 3 days" } });
    expect(call("create task Rest due today prio low")).toEqual({ name: "create_task", args: { title: "Rest", due: "today", priority: "low" } });
  });

  it("keeps keywords that belong to the title", () => {
    expect(call("create task Put oil in engine in Garden")).toEqual({ name: "create_task", args: { title: "Put oil in engine", project: "Garden" } });
    expect(call('create task "Paint in hull"')).toEqual({ name: "create_task", args: { title: "Paint in hull" } });
    expect(call('create task "Paint in hull" in Garden')).toEqual({ name: "create_task", args: { title: "Paint in hull", project: "Garden" } });
    expect(call("create task Stand by the door")).toEqual({ name: "create_task", args: { title: "Stand by the door" } });
  });

  it("says what is wrong with a create it cannot read", () => {
    expect(parseCommand("create task Paint due someday")).toMatchObject({ kind: "invalid", reason: expect.stringContaining("someday") });
    expect(parseCommand('create task ""')).toMatchObject({ kind: "invalid" });
  });

  it("reads the other commands", () => {
    expect(call("complete task Paint hull")).toEqual({ name: "complete_task", args: { task: "Paint hull" } });
    expect(call("mark Paint hull as done")).toEqual({ name: "complete_task", args: { task: "Paint hull" } });
    expect(call("delete task Paint hull")).toEqual({ name: "delete_task", args: { task: "Paint hull" } });
    expect(call("remove 'Old task'")).toEqual({ name: "delete_task", args: { task: "Old task" } });
    expect(call("what is overdue?")).toEqual({ name: "list_overdue", args: {} });
    expect(call("What's overdue")).toEqual({ name: "list_overdue", args: {} });
    expect(call("show overdue tasks")).toEqual({ name: "list_overdue", args: {} });
    expect(call("summarise Garden")).toEqual({ name: "summarise_project", args: { project: "Garden" } });
    expect(call("summarize project Boat Yard")).toEqual({ name: "summarise_project", args: { project: "Boat Yard" } });
    expect(call("list tasks in Garden")).toEqual({ name: "list_tasks", args: { project: "Garden" } });
    expect(call("list tasks")).toEqual({ name: "list_tasks", args: {} });
    expect(call("show done tasks in Garden")).toEqual({ name: "list_tasks", args: { project: "Garden", view: "done" } });
    expect(call("list tasks due today")).toEqual({ name: "list_tasks", args: { view: "today" } });
    expect(call("find rope")).toEqual({ name: "search_tasks", args: { query: "rope" } });
    expect(call("search for paint")).toEqual({ name: "search_tasks", args: { query: "paint" } });
    expect(parseCommand("help")).toEqual({ kind: "help" });
    expect(parseCommand("  Hello ")).toEqual({ kind: "help" });
    expect(parseCommand("status")).toEqual({ kind: "status" });
    expect(parseCommand("make me a sandwich")).toEqual({ kind: "unknown" });
  });
});

describe("due dates", () => {
  // Wednesday 2 December 2026, 10:00 UTC.
  const now = new Date("2026-12-02T10:00:00Z");
  const today = localDateOf("UTC", now);

  it("reads words, weekdays and ISO dates, and refuses the rest", () => {
    expect(parseDue("today")).toEqual({ kind: "offset", days: 0 });
    expect(parseDue("Tomorrow")).toEqual({ kind: "offset", days: 1 });
    expect(parseDue("in 3 days")).toEqual({ kind: "offset", days: 3 });
    expect(parseDue("fri")).toEqual({ kind: "weekday", weekday: 5, next: false });
    expect(parseDue("next Monday")).toEqual({ kind: "weekday", weekday: 1, next: true });
    expect(parseDue("2026-02-30")).toBeNull();
    expect(parseDue("someday")).toBeNull();
    expect(parseDue("fridays")).toBeNull();
  });

  it("pins them to the user's calendar", () => {
    expect(today).toMatchObject({ year: 2026, month: 12, day: 2, weekday: 3 });
    expect(dueDate({ kind: "weekday", weekday: 5, next: false }, today)).toMatchObject({ day: 4 });
    expect(dueDate({ kind: "weekday", weekday: 3, next: false }, today)).toMatchObject({ day: 2 });
    expect(dueDate({ kind: "weekday", weekday: 3, next: true }, today)).toMatchObject({ day: 9 });
    expect(dueDate({ kind: "weekday", weekday: 1, next: false }, today)).toMatchObject({ day: 7 });
    expect(dueDate({ kind: "offset", days: 30 }, today)).toMatchObject({ year: 2027, month: 1, day: 1 });
    expect(resolveDue({ kind: "offset", days: 1 }, "UTC", now)).toBe("2026-12-03T17:00:00.000Z");
    expect(resolveDue({ kind: "date", year: 2026, month: 12, day: 24 }, "UTC", now)).toBe("2026-12-24T17:00:00.000Z");
  });

  it("uses the user's day, not the server's", () => {
    // 23:30 UTC on Wednesday is already Thursday in Auckland and still Wednesday in Los Angeles.
    const late = new Date("2026-12-02T23:30:00Z");
    expect(localDateOf("Pacific/Auckland", late)).toMatchObject({ day: 3, weekday: 4 });
    expect(localDateOf("America/Los_Angeles", late)).toMatchObject({ day: 2, weekday: 3 });
    expect(resolveDue({ kind: "offset", days: 0 }, "Pacific/Auckland", late)).toBe("2026-12-03T04:00:00.000Z");
    expect(resolveDue({ kind: "offset", days: 0 }, "America/Los_Angeles", late)).toBe("2026-12-03T01:00:00.000Z");
  });

  it("lands on the local hour across daylight saving changes", () => {
    // Berlin: 29 March 2026 springs forward, 25 October falls back.
    expect(zonedInstant("Europe/Berlin", { year: 2026, month: 3, day: 29 }, 17).toISOString()).toBe("2026-03-29T15:00:00.000Z");
    expect(zonedInstant("Europe/Berlin", { year: 2026, month: 3, day: 28 }, 17).toISOString()).toBe("2026-03-28T16:00:00.000Z");
    expect(zonedInstant("Europe/Berlin", { year: 2026, month: 10, day: 25 }, 17).toISOString()).toBe("2026-10-25T16:00:00.000Z");
    expect(zonedInstant("Asia/Kathmandu", { year: 2026, month: 6, day: 1 }, 17).toISOString()).toBe("2026-06-01T11:15:00.000Z");
  });
});
