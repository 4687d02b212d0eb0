import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Task, TaskCounts, TaskPage, TaskView } from "@/shared/work";
import { taskKeys } from "../api/get-tasks";
import { applyStatus, restoreTasks, snapshotTasks } from "./task-cache";

const org = "org-1";
const yesterday = new Date(Date.now() - 36 * 3600 * 1000).toISOString();
const task = (id: string, extra: Partial<Task> = {}): Task => ({
  id, title: id, description: null, project_id: "p", priority: "medium", status: "todo", due_at: null,
  created_at: "", updated_at: "", projects: { name: "P", color: "#000000" }, ...extra,
});
const pages = (...tasks: Task[]): InfiniteData<TaskPage, string | null> => ({ pages: [{ tasks, next_cursor: null }], pageParams: [null] });
const ids = (qc: QueryClient, view: TaskView) =>
  qc.getQueryData<InfiniteData<TaskPage>>(taskKeys.list(org, { view }))?.pages.flatMap((p) => p.tasks.map((t) => `${t.id}:${t.status}`));

function seeded() {
  const qc = new QueryClient();
  const late = task("late", { due_at: yesterday });
  qc.setQueryData(taskKeys.list(org, { view: "all" }), pages(late, task("b")));
  qc.setQueryData(taskKeys.list(org, { view: "overdue" }), pages(late));
  qc.setQueryData(taskKeys.list(org, { view: "done" }), pages());
  qc.setQueryData<TaskCounts>(taskKeys.counts(org), { all: 2, today: 0, overdue: 1, done: 0 });
  return { qc, late };
}

describe("the optimistic check button", () => {
  it("moves a task between the cached tabs and counts, and the snapshot puts it all back", () => {
    const { qc, late } = seeded();
    const snapshot = snapshotTasks(qc, org);
    applyStatus(qc, org, late, "done");
    expect(ids(qc, "all")).toEqual(["late:done", "b:todo"]);
    expect(ids(qc, "overdue")).toEqual([]);
    expect(ids(qc, "done")).toEqual(["late:done"]);
    expect(qc.getQueryData(taskKeys.counts(org))).toEqual({ all: 2, today: 0, overdue: 0, done: 1 });
    restoreTasks(qc, snapshot);
    expect(ids(qc, "overdue")).toEqual(["late:todo"]);
    expect(ids(qc, "done")).toEqual([]);
    expect(qc.getQueryData(taskKeys.counts(org))).toEqual({ all: 2, today: 0, overdue: 1, done: 0 });
  });
});
