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
    expect(parseCommand("create task Paint due someday")).toEqual({ kind: "invalid", reason: { code: "due_unreadable", due: "someday" } });
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

describe("parseCommand in German", () => {
  it("reads the issue's command and the usual ways of saying create", () => {
    expect(call("erstelle Aufgabe Beete jäten in Garten bis Freitag, Priorität hoch")).toEqual({ name: "create_task", args: { title: "Beete jäten", project: "Garten", due: "Freitag", priority: "high" } });
    expect(call("Neue Aufgabe Rasen mähen im Projekt Garten fällig am 01.12.2026 mit hoher Priorität")).toEqual({ name: "create_task", args: { title: "Rasen mähen", project: "Garten", due: "01.12.2026", priority: "high" } });
    expect(call("Lege eine Aufgabe Zaun streichen in 3 Tagen an")).toEqual({ name: "create_task", args: { title: "Zaun streichen", due: "in 3 Tagen" } });
    expect(call("erstelle Aufgabe Treffen am Hafen bis morgen, Priorität niedrig")).toEqual({ name: "create_task", args: { title: "Treffen am Hafen", due: "morgen", priority: "low" } });
    expect(parseCommand("erstelle Aufgabe Streichen fällig irgendwann")).toEqual({ kind: "invalid", reason: { code: "due_unreadable", due: "irgendwann" } });
  });

  it("reads the other commands", () => {
    expect(call("erledige Beete jäten")).toEqual({ name: "complete_task", args: { task: "Beete jäten" } });
    expect(call("markiere die Aufgabe Beete jäten als erledigt")).toEqual({ name: "complete_task", args: { task: "Beete jäten" } });
    expect(call("lösche Aufgabe Beete jäten")).toEqual({ name: "delete_task", args: { task: "Beete jäten" } });
    expect(call("was ist überfällig?")).toEqual({ name: "list_overdue", args: {} });
    expect(call("fasse Garten zusammen")).toEqual({ name: "summarise_project", args: { project: "Garten" } });
    expect(call("zeige Aufgaben in Garten")).toEqual({ name: "list_tasks", args: { project: "Garten" } });
    expect(call("zeige heute fällige Aufgaben")).toEqual({ name: "list_tasks", args: { view: "today" } });
    expect(call("zeige erledigte Aufgaben im Projekt Garten")).toEqual({ name: "list_tasks", args: { project: "Garten", view: "done" } });
    expect(call("suche nach Seil")).toEqual({ name: "search_tasks", args: { query: "Seil" } });
    expect(parseCommand("Hilfe")).toEqual({ kind: "help" });
    expect(parseCommand("mach mir ein Brot")).toEqual({ kind: "unknown" });
  });
});

describe("parseCommand in French", () => {
  it("reads the issue's command and the usual ways of saying create", () => {
    expect(call("crée une tâche Tailler les rosiers dans Jardin pour vendredi, priorité haute")).toEqual({ name: "create_task", args: { title: "Tailler les rosiers", project: "Jardin", due: "vendredi", priority: "high" } });
    expect(call("Ajoute une tâche Appeler le plombier pour le 01/12/2026 dans le projet Maison")).toEqual({ name: "create_task", args: { title: "Appeler le plombier", project: "Maison", due: "le 01/12/2026" } });
    expect(call("nouvelle tâche Acheter du pain pour Marie dans Maison")).toEqual({ name: "create_task", args: { title: "Acheter du pain pour Marie", project: "Maison" } });
    expect(call("crée une tâche Repeindre dans 3 jours, haute priorité")).toEqual({ name: "create_task", args: { title: "Repeindre", due: "dans 3 jours", priority: "high" } });
    expect(parseCommand("crée une tâche Repeindre échéance un jour")).toEqual({ kind: "invalid", reason: { code: "due_unreadable", due: "un jour" } });
  });

  it("reads the other commands", () => {
    expect(call("termine la tâche Tailler les rosiers")).toEqual({ name: "complete_task", args: { task: "Tailler les rosiers" } });
    expect(call("marque Tailler les rosiers comme terminée")).toEqual({ name: "complete_task", args: { task: "Tailler les rosiers" } });
    expect(call("supprime la tâche Tailler les rosiers")).toEqual({ name: "delete_task", args: { task: "Tailler les rosiers" } });
    expect(call("qu’est-ce qui est en retard ?")).toEqual({ name: "list_overdue", args: {} });
    expect(call("résume Jardin")).toEqual({ name: "summarise_project", args: { project: "Jardin" } });
    expect(call("liste les tâches de Jardin")).toEqual({ name: "list_tasks", args: { project: "Jardin" } });
    expect(call("montre les tâches du jour")).toEqual({ name: "list_tasks", args: { view: "today" } });
    expect(call("cherche corde")).toEqual({ name: "search_tasks", args: { query: "corde" } });
    expect(parseCommand("aide")).toEqual({ kind: "help" });
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

  it("reads German and French words, weekdays and day-first dates", () => {
    expect(parseDue("Freitag")).toEqual({ kind: "weekday", weekday: 5, next: false });
    expect(parseDue("nächsten Montag")).toEqual({ kind: "weekday", weekday: 1, next: true });
    expect(parseDue("lundi prochain")).toEqual({ kind: "weekday", weekday: 1, next: true });
    expect(parseDue("vendredi")).toEqual({ kind: "weekday", weekday: 5, next: false });
    expect(parseDue("übermorgen")).toEqual({ kind: "offset", days: 2 });
    expect(parseDue("après-demain")).toEqual({ kind: "offset", days: 2 });
    expect(parseDue("aujourd’hui")).toEqual({ kind: "offset", days: 0 });
    expect(parseDue("in 3 Tagen")).toEqual({ kind: "offset", days: 3 });
    expect(parseDue("dans 3 jours")).toEqual({ kind: "offset", days: 3 });
    expect(parseDue("am 01.12.2026")).toEqual({ kind: "date", year: 2026, month: 12, day: 1 });
    expect(parseDue("le 1/12/2026")).toEqual({ kind: "date", year: 2026, month: 12, day: 1 });
    expect(parseDue("24.12.")).toEqual({ kind: "date", year: null, month: 12, day: 24 });
    expect(parseDue("31.02.2026")).toBeNull();
    expect(dueDate({ kind: "date", year: null, month: 1, day: 5 }, today)).toEqual({ year: 2027, month: 1, day: 5 });
    expect(dueDate({ kind: "date", year: null, month: 12, day: 24 }, today)).toEqual({ year: 2026, month: 12, day: 24 });
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
