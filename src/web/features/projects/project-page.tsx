import "@/web/features/projects/projects-i18n";
import { useState } from "react";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Alert } from "@/web/components/ui/alert";
import { buttonClass } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { useOwningOrg } from "@/web/features/organisations/use-owning-org";
import { useProject } from "./api/get-projects";
import { useDeleteProject } from "./api/mutate-projects";
import { ProjectEditDialog } from "./components/project-edit-dialog";
import { ProjectHeader } from "./components/project-header";
import { ProjectTasks } from "./components/project-tasks";

export function ProjectPage() {
  const { projectId = "" } = useParams();
  const { t } = useTranslation("projects");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const owning = useOwningOrg("project", projectId, project.isError && project.error instanceof ApiError && project.error.status === 404);
  const remove = useDeleteProject();
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // A link from another of the user's organisations: found there, the page switches and stays.
  if (project.isPending || owning === "looking") return <Spinner label={tc("loading")} />;
  if (project.isError) {
    const isMissing = project.error instanceof ApiError && (project.error.status === 404 || project.error.status === 400);
    return (
      <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">{isMissing ? t("page.notFound") : tc("error")}</h1>
        <p className="text-sm text-muted-foreground">{isMissing ? t("page.notFoundBody") : errorMessage(project.error, tc)}</p>
        <Link to="/app/planes" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          {t("page.backToPlanes")}
        </Link>
      </Card>
    );
  }

  const confirmDelete = async () => {
    try {
      const planeId = project.data.plane_id;
      await remove.mutateAsync(project.data.id);
      toast.success(t("delete.deleted"));
      void navigate(`/app/planes/${planeId}`, { replace: true });
    } catch (e) {
      setDeleteError(errorMessage(e, tc, { fallback: t("errors.failed"), isWrite: true }));
    }
  };

  return (
    <div className="grid gap-8">
      {project.data.read_only && (
        <Alert>
          <p>{t("page.readOnly")}</p>
          <Link to="/pricing" className="mt-1 inline-block font-medium underline underline-offset-4">
            {t("planLimit.seePricing")}
          </Link>
        </Alert>
      )}
      <ProjectHeader project={project.data} onEdit={() => setDialog("edit")} onDelete={() => (setDeleteError(null), setDialog("delete"))} />
      <ProjectTasks projectId={project.data.id} />
      <ProjectEditDialog project={project.data} open={dialog === "edit"} onOpenChange={(open) => setDialog(open ? "edit" : null)} />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title={t("delete.title")}
        description={t("delete.description", { name: project.data.name, count: project.data.task_count })}
        confirmLabel={t("delete.confirm")}
        cancelLabel={tc("cancel")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      >
        {deleteError && <Alert variant="destructive">{deleteError}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
