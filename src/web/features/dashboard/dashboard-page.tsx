import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useOrg } from "@/web/features/organisations/org-context";
import { useHasProjects } from "@/web/features/projects/api/get-projects";
import { useTaskCounts } from "@/web/features/tasks/api/get-tasks";
import { useTaskDialog } from "@/web/features/tasks/components/task-dialog-context";
import { DashboardSkeleton } from "./dashboard-skeleton";
import { DashboardTiles } from "./dashboard-tiles";
import { GetStartedCard } from "./get-started-card";
import { LoadError } from "./load-error";
import { TasksCard } from "./tasks-card";
import { useLoadErrorToast } from "./use-load-error-toast";

export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const { currentOrg } = useOrg();
  const { openTaskDialog } = useTaskDialog();
  const hasProjects = useHasProjects();
  const counts = useTaskCounts();
  const isError = hasProjects.isError || counts.isError;
  useLoadErrorToast(isError);

  const body = () => {
    if (isError) return <LoadError onRetry={() => void Promise.all([hasProjects.refetch(), counts.refetch()])} />;
    if (hasProjects.isPending) return <DashboardSkeleton label={t("tasks.loading")} />;
    return (
      <>
        <DashboardTiles counts={counts.data} />
        {!hasProjects.data ? <GetStartedCard /> : <TasksCard counts={counts.data} />}
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
      {body()}
    </div>
  );
}
