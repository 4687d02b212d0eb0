import "@/web/features/projects/projects-i18n";
import { ExternalLink, FileUp, Layers, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Project } from "@/shared/work";
import { isProjectStatus } from "@/shared/work-values";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { usePlane } from "@/web/features/planes/api/get-plane";


type ProjectHeaderProps = { project: Project; onEdit: () => void; onDelete: () => void };

export function ProjectHeader({ project, onEdit, onDelete }: ProjectHeaderProps) {
  const { t } = useTranslation("projects");
  const plane = usePlane(project.plane_id);
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid min-w-0 gap-2">
        <div className="flex items-center gap-3">
          <span aria-hidden className="size-4 shrink-0 rounded-full" style={{ backgroundColor: project.color }} />
          <h1 className="text-2xl font-semibold break-words">{project.name}</h1>
          <Badge variant={project.status === "active" ? "secondary" : "outline"}>{isProjectStatus(project.status) ? t(`status.${project.status}`) : project.status}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {plane.data && (
            <Link to={`/app/planes/${plane.data.id}`} className="inline-flex items-center gap-1.5 hover:text-foreground hover:underline">
              <Layers aria-hidden className="size-4" />
              {t("page.plane", { name: plane.data.name })}
            </Link>
          )}
          {project.website_url && (
            <a href={project.website_url} target="_blank" rel="noreferrer noopener" className="inline-flex min-w-0 items-center gap-1.5 hover:text-foreground hover:underline">
              <ExternalLink aria-hidden className="size-4 shrink-0" />
              <span className="truncate">{project.website_url.replace(/^https?:\/\//, "")}</span>
            </a>
          )}
          <span>{t("page.taskSummary", { open: project.open_task_count, total: project.task_count })}</span>
        </div>
        {project.description && <p className="max-w-prose text-sm">{project.description}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to="/app/import">
            <FileUp aria-hidden />
            {t("page.import")}
          </Link>
        </Button>
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden />
          {t("page.edit")}
        </Button>
        <Button variant="outline" onClick={onDelete}>
          <Trash2 aria-hidden />
          {t("page.delete")}
        </Button>
      </div>
    </div>
  );
}
