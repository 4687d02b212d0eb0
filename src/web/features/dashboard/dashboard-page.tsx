import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useOrg } from "@/web/features/organisations/org-context";
import { useHasProjects } from "@/web/features/projects/api/get-projects";
import { useTaskCounts } from "@/web/features/tasks/api/get-tasks";
import { useTaskDialog } from "@/web/features/tasks/components/task-dialog-context";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { DashboardSkeleton } from "./dashboard-skeleton";
import { DashboardTiles } from "./dashboard-tiles";
import { GetStartedCard } from "./get-started-card";
import { DASHBOARD_LOAD_ERROR, LoadError } from "./load-error";
import { PlanStatus } from "./plan-status";
import { TasksCard } from "./tasks-card";

export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const { currentOrg } = useOrg();
  const { openTaskDialog } = useTaskDialog();
  const hasProjects = useHasProjects();
  const counts = useTaskCounts();
  // A refetch that failed leaves what it had on screen.
  const isError = (hasProjects.isError && hasProjects.data === undefined) || (counts.isError && counts.data === undefined);
  useLoadErrorToast(isError && (hasProjects.error ?? counts.error), t("error.toast"), DASHBOARD_LOAD_ERROR);

  const body = () => {
    if (isError) return <LoadError onRetry={() => void Promise.all([hasProjects.refetch(), counts.refetch()])} />;
    if (hasProjects.isPending) return <DashboardSkeleton label={t("tasks.loading")} />;
    return (
      <>
        <DashboardTiles counts={counts.data} />
        {/* The Tasks card always shows its tabs and counts; with no project yet, the way to start sits beside it. */}
        {hasProjects.data ? (
          <TasksCard counts={counts.data} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <TasksCard counts={counts.data} />
            <GetStartedCard />
          </div>
        )}
      </>
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle", { org: currentOrg?.name ?? "" })}</p>
        </div>
        <Button onClick={() => openTaskDialog()}>
          <Plus aria-hidden />
          {t("quickTask")}
        </Button>
      </div>
      <PlanStatus />
      {body()}
    </div>
  );
}
