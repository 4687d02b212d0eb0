import "@/web/features/projects/projects-i18n";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Plus, Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { taskViews } from "@/shared/work-values";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { useTasks } from "@/web/features/tasks/api/get-tasks";
import { useTaskDialog } from "@/web/features/tasks/components/task-dialog-context";
import { TaskRow } from "@/web/features/tasks/components/task-row";
import { parseTaskView, withParam } from "@/web/features/tasks/lib/view-param";
import { useTaskListFocus } from "@/web/features/tasks/use-task-list-focus";

/**
 * The project's tasks, by view and by text, 50 at a time. Both are in the address (`?view=`,
 * `?q=`), replaced rather than pushed, so a reload or a shared link shows the same list.
 */
export function ProjectTasks({ projectId }: { projectId: string }) {
  const { t } = useTranslation("projects");
  const { t: tc } = useTranslation();
  const { openTaskDialog } = useTaskDialog();
  const [params, setParams] = useSearchParams();
  const view = parseTaskView(params.get("view"));
  // The field keeps its own text (typing must not wait for a navigation); the address follows it.
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const q = useDeferredValue(search.trim());
  const writtenQ = useRef(q);
  useEffect(() => {
    if (writtenQ.current === q) return;
    writtenQ.current = q;
    setParams((p) => withParam(p, "q", q, ""), { replace: true });
  }, [q, setParams]);
  const tasks = useTasks({ view, projectId, q: q || undefined });
  const rows = useMemo(() => tasks.data?.pages.flatMap((page) => page.tasks) ?? [], [tasks.data]);
  const focus = useTaskListFocus(useMemo(() => (tasks.data ? rows.map((task) => task.id) : undefined), [tasks.data, rows]));

  // One element whatever the state, so the focus has a place to go when the last row leaves.
  const list = (
    <div {...focus} className="grid gap-4 outline-none">
      {tasks.isPending && <Spinner label={tc("loading")} />}
      {tasks.isError && (
        <div className="flex items-center gap-3 text-sm text-destructive">
          {t("page.loadFailed")}
          <Button variant="outline" size="sm" onClick={() => void tasks.refetch()}>
            {tc("retry")}
          </Button>
        </div>
      )}
      {tasks.isSuccess && rows.length === 0 && <p className="py-8 text-center text-sm text-muted-foreground">{view === "all" && !q ? t("page.noTasks") : t("page.noMatches")}</p>}
      {rows.length > 0 && (
        <ul className="divide-y" aria-label={t("page.tasks")}>
          {rows.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      )}
      {tasks.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-center" disabled={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
          {t("page.loadMore")}
        </Button>
      )}
    </div>
  );

  return (
    <section className="grid gap-4" aria-labelledby="project-tasks">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-tasks" className="text-lg font-semibold">
          {t("page.tasks")}
        </h2>
        <Button onClick={() => openTaskDialog(undefined, { projectId })}>
          <Plus aria-hidden />
          {t("page.addTask")}
        </Button>
      </div>
      <Tabs value={view} onValueChange={(v) => setParams((p) => withParam(p, "view", parseTaskView(v), "all"), { replace: true })} className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList aria-label={t("page.tasks")} className="self-start">
            {taskViews.map((v) => (
              <TabsTrigger key={v} value={v}>
                {t(`page.views.${v}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative sm:w-64">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input type="search" aria-label={t("page.search")} placeholder={t("page.searchPlaceholder")} className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
        </div>
        {taskViews.map((v) => (
          <TabsContent key={v} value={v} className="mt-0 grid gap-4">
            {v === view && list}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
