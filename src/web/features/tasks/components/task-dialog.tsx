import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Task } from "@/shared/work";
import type { TaskDefaults } from "./task-dialog-context";
import { Alert } from "@/web/components/ui/alert";
import { buttonClass } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { cn } from "@/web/lib/cn";
import { errorMessage } from "@/web/lib/error-message";
import { isWaitingForNetwork } from "@/web/lib/offline";
import { projectsQuery } from "@/web/features/projects/api/get-projects";
import { landPendingFocus } from "../use-task-list-focus";
import { TaskForm } from "./task-form";

type TaskDialogProps = { open: boolean; task: Task | null; defaults?: TaskDefaults; onOpenChange: (open: boolean) => void };

/** Create a task, or edit one when `task` is given; tasks need a project, so with none it points to Planes. */
export function TaskDialog({ open, task, defaults, onOpenChange }: TaskDialogProps) {
  const { t } = useTranslation("tasks");
  const { t: tc } = useTranslation();
  // Fetched only while open: the provider sits in the layout of every /app screen.
  const projects = useQuery({ ...projectsQuery(useOrgId()), enabled: open });
  const close = () => onOpenChange(false);

  const body = () => {
    if (isWaitingForNetwork(projects)) return <Alert role="status">{tc("offline.loading")}</Alert>;
    if (projects.isPending) return <Spinner label={t("dialog.loadingProjects")} />;
    if (projects.isError) return <Alert variant="destructive">{errorMessage(projects.error, tc)}</Alert>;
    if (projects.data.length === 0) {
      return (
        <div className="grid gap-3">
          <p className="font-medium">{t("dialog.noProjectsTitle")}</p>
          <p className="text-sm text-muted-foreground">{t("dialog.noProjects")}</p>
          <Link to="/app/planes" onClick={close} className={cn(buttonClass(), "justify-self-start")}>
            {t("dialog.goToPlanes")}
          </Link>
        </div>
      );
    }
    return <TaskForm task={task} projects={projects.data} defaultProjectId={defaults?.projectId} onDone={close} />;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={tc("close")}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        // The row it was opened from may be gone (the task was deleted): its list places the focus.
        onCloseAutoFocus={(e) => {
          if (landPendingFocus()) e.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{task ? t("dialog.editTitle") : t("dialog.createTitle")}</DialogTitle>
          <DialogDescription>{task ? t("dialog.editDescription") : t("dialog.createDescription")}</DialogDescription>
        </DialogHeader>
        {open && body()}
      </DialogContent>
    </Dialog>
  );
}
