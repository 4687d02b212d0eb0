import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Task, TaskCounts, TaskPage, TaskView } from "@/shared/work";
import { taskKeys } from "../api/get-tasks";
import { applyStatus, rollbackStatus } from "./task-cache";

const org = "org-1";
const today = { day: "2025-03-01", tz: "Europe/Paris" };
const yesterday = new Date(Date.now() - 36 * 3600 * 1000).toISOString();
const task = (id: string, extra: Partial<Task> = {}): Task => ({
  id, title: id, description: null, project_id: "p", priority: "medium", status: "todo", due_at: null,
  created_at: "", updated_at: "", projects: { name: "P", color: "#000000" }, author_id: null, assignee_id: null, label_ids: [], rank: "a0", reminder_minutes: null, repeat: null, ...extra,
});
const pages = (...tasks: Task[]): InfiniteData<TaskPage, string | null> => ({ pages: [{ tasks, next_cursor: null }], pageParams: [null] });
const ids = (qc: QueryClient, view: TaskView) =>
  qc.getQueryData<InfiniteData<TaskPage>>(taskKeys.list(org, { view }, today))?.pages.flatMap((p) => p.tasks.map((t) => `${t.id}:${t.status}`));
const counts = (qc: QueryClient) => qc.getQueryData<TaskCounts>(taskKeys.countsOf(org, today));

function seeded() {
  const qc = new QueryClient();
  const late = task("late", { due_at: yesterday });
  const plain = task("b");
  qc.setQueryData(taskKeys.list(org, { view: "all" }, today), pages(late, plain));
  qc.setQueryData(taskKeys.list(org, { view: "overdue" }, today), pages(late));
  qc.setQueryData(taskKeys.list(org, { view: "done" }, today), pages());
  qc.setQueryData<TaskCounts>(taskKeys.countsOf(org, today), { all: 2, today: 0, overdue: 1, done: 0 });
  return { qc, late, plain };
}

describe("the optimistic check button", () => {
  it("moves a task between the cached tabs and counts, and rolling it back puts it all back", () => {
    const { qc, late } = seeded();
    applyStatus(qc, org, late, "done");
    expect(ids(qc, "all")).toEqual(["late:done", "b:todo"]);
    expect(ids(qc, "overdue")).toEqual([]);
    expect(ids(qc, "done")).toEqual(["late:done"]);
    expect(counts(qc)).toEqual({ all: 2, today: 0, overdue: 0, done: 1 });
    rollbackStatus(qc, org, late, "done");
    expect(ids(qc, "all")).toEqual(["late:todo", "b:todo"]);
    expect(ids(qc, "overdue")).toEqual(["late:todo"]);
    expect(ids(qc, "done")).toEqual([]);
    expect(counts(qc)).toEqual({ all: 2, today: 0, overdue: 1, done: 0 });
  });

  it("rolling back one of two overlapping ticks leaves the other one done", () => {
    const { qc, late, plain } = seeded();
    applyStatus(qc, org, late, "done"); // the first tick: its save will fail
    applyStatus(qc, org, plain, "done"); // the second: saved
    rollbackStatus(qc, org, late, "done");
    expect(ids(qc, "all")).toEqual(["late:todo", "b:done"]);
    expect(ids(qc, "done")).toEqual(["b:done"]);
    expect(ids(qc, "overdue")).toEqual(["late:todo"]);
    expect(counts(qc)).toEqual({ all: 2, today: 0, overdue: 1, done: 1 });
  });

  it("finds a project's lists whatever their other filters", () => {
    const { qc, plain } = seeded();
    qc.setQueryData(taskKeys.list(org, { view: "all", projectId: "p", q: "b" }, today), pages(plain));
    applyStatus(qc, org, plain, "done");
    const filtered = qc.getQueryData<InfiniteData<TaskPage>>(taskKeys.list(org, { view: "all", projectId: "p", q: "b" }, today));
    expect(filtered?.pages[0]?.tasks[0]?.status).toBe("done");
  });
});
