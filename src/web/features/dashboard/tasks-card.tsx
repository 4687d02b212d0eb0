import { useTranslation } from "react-i18next";
import { formatNumber } from "@/web/lib/format";
import { FileUp } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { TaskCounts } from "@/shared/work";
import { taskViews } from "@/shared/work-values";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { ExportTasksButton } from "@/web/features/tasks/components/export-tasks-button";
import { parseTaskView, withParam } from "@/web/features/tasks/lib/view-param";
import { TaskList } from "./task-list";

/**
 * All, Due Today, Overdue and Done, each with its count; only the open tab fetches its list.
 * The tab is the address's `?tab=`, so a reload or a shared link opens it; switching replaces
 * the history entry rather than adding one per click.
 */
export function TasksCard({ counts }: { counts: TaskCounts | undefined }) {
  const { t } = useTranslation("dashboard");
  const [params, setParams] = useSearchParams();
  const view = parseTaskView(params.get("tab"));
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 p-4 sm:p-6">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>{t("tasks.title")}</h2>
          </CardTitle>
          <CardDescription>{t("tasks.description")}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/app/import">
              <FileUp aria-hidden />
              {t("tasks.import")}
            </Link>
          </Button>
          <ExportTasksButton filter={{ view }} disabled={counts?.[view] === 0} />
        </div>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <Tabs value={view} onValueChange={(v) => setParams((p) => withParam(p, "tab", parseTaskView(v), "all"), { replace: true })}>
          <TabsList aria-label={t("tasks.tabsLabel")} className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
            {taskViews.map((v) => (
              <TabsTrigger key={v} value={v}>
                {t(`tasks.${v}`)}
                <span className="min-w-5 rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                  {counts ? formatNumber(counts[v]) : "–"}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          {taskViews.map((v) => (
            <TabsContent key={v} value={v}>
              <TaskList view={v} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
