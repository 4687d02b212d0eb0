import "@/web/features/projects/projects-i18n";
import "@/web/features/planes/planes-i18n";
import { FolderKanban } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Project } from "@/shared/work";
import { isProjectStatus } from "@/shared/work-values";
import { Badge } from "@/web/components/ui/badge";
import { Card } from "@/web/components/ui/card";


/** A plane's projects: colour, name, status and open/total tasks. */
export function PlaneProjectList({ projects }: { projects: Project[] }) {
  const { t } = useTranslation("planes");
  const { t: tp } = useTranslation("projects");
  if (projects.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-8 text-center">
        <FolderKanban aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">{t("page.noProjects")}</p>
        <p className="text-sm text-muted-foreground">{t("page.noProjectsBody")}</p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {projects.map((project) => (
        <li key={project.id}>
          <Card className="relative flex items-center gap-3 p-4 transition-colors hover:border-primary/50">
            <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: project.color }} />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <Link to={`/app/projects/${project.id}`} className="truncate font-medium after:absolute after:inset-0 focus-visible:underline focus-visible:outline-none">
                {project.name}
              </Link>
              <span className="text-sm text-muted-foreground">{t("page.tasks", { open: project.open_task_count, total: project.task_count })}</span>
            </div>
            <Badge variant={project.status === "active" ? "secondary" : "outline"}>{isProjectStatus(project.status) ? tp(`status.${project.status}`) : project.status}</Badge>
          </Card>
        </li>
      ))}
    </ul>
  );
}
