import type { Member } from "@/shared/organisations";
import type { Label } from "@/shared/task-team";
import type { TaskPage } from "@/shared/work";
import { api } from "@/web/lib/api";
import { csvFormatFor } from "@/web/lib/csv-format";
import { fetchAllPages } from "@/web/lib/fetch-all-pages";
import { orgPath } from "@/web/features/organisations/use-org-id";
import type { TaskFilter } from "../api/get-tasks";
import { tasksCsv } from "./tasks-csv";

/**
 * Downloads every task of a list (the tab's filter, all pages) as CSV in the language's format.
 * Loaded on the click, with Papa Parse, so the dashboard does not carry it.
 */
export async function exportTasks(orgId: string, filter: TaskFilter, { tz, language, day }: { tz: string; language: string; day: string }) {
  const tasks = await fetchAllPages(async (cursor) => {
    const query = new URLSearchParams({ view: filter.view, tz, limit: "100" });
    if (filter.projectId) query.set("project_id", filter.projectId);
    if (filter.q) query.set("q", filter.q);
    if (cursor) query.set("cursor", cursor);
    const page = await api<TaskPage>(orgPath(orgId, `/tasks?${query}`));
    return { items: page.tasks, next: page.next_cursor };
  });
  // The assignee by email and labels by name, as the import reads them back.
  const [{ members }, { labels }] = await Promise.all([api<{ members: Member[] }>(orgPath(orgId, "/members")), api<{ labels: Label[] }>(orgPath(orgId, "/labels"))]);
  const people = {
    emailOf: (id: string | null) => members.find((m) => m.user_id === id)?.email ?? "",
    labelName: (id: string) => labels.find((l) => l.id === id)?.name ?? "",
  };
  const blob = new Blob([tasksCsv(tasks, csvFormatFor(language), people)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `tasks-${filter.view}-${day}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return tasks.length;
}
