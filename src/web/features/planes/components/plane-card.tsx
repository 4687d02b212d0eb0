import "@/web/features/planes/planes-i18n";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Plane } from "@/shared/work";
import { buttonClass } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { useCan } from "@/web/features/organisations/use-can";
import { cn } from "@/web/lib/cn";
import { PlaneTypeBadge } from "./plane-type-badge";

const itemClass = "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4";

type PlaneCardProps = { plane: Plane; onRename: () => void; onDelete: () => void };

/** One plane: its counts and latest projects; the whole title links to the plane's page. */
export function PlaneCard({ plane, onRename, onDelete }: PlaneCardProps) {
  const { t } = useTranslation("planes");
  const canDelete = useCan("plane.delete");
  const ids = useId();
  return (
    <Card className="relative flex flex-col gap-3 p-5 transition-colors hover:border-primary/50" data-testid="plane-card">
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1.5">
          <h2 className="truncate text-lg font-semibold">
            <Link to={`/app/planes/${plane.id}`} className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:underline">
              {plane.name}
            </Link>
          </h2>
          <div>
            <PlaneTypeBadge type={plane.type} />
          </div>
        </div>
        <Menu.Root>
          <Menu.Trigger className={cn(buttonClass({ variant: "ghost", size: "icon" }), "relative z-10 shrink-0")} aria-label={t("card.actions", { name: plane.name })}>
            <MoreHorizontal aria-hidden />
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content align="end" className="z-50 min-w-36 rounded-md border bg-card p-1 text-card-foreground shadow-md">
              <Menu.Item className={itemClass} onSelect={onRename}>
                <Pencil aria-hidden />
                {t("card.rename")}
              </Menu.Item>
              {canDelete ? (
                <Menu.Item className={`${itemClass} text-destructive`} onSelect={onDelete}>
                  <Trash2 aria-hidden />
                  {t("card.delete")}
                </Menu.Item>
              ) : (
                // Not Radix's disabled, which the arrow keys skip: the item stays reachable and says why.
                <Menu.Item
                  className={cn(itemClass, "cursor-not-allowed items-start text-muted-foreground")}
                  aria-disabled="true"
                  aria-labelledby={`${ids}-delete`}
                  aria-describedby={`${ids}-reason`}
                  onSelect={(event) => event.preventDefault()}
                >
                  <Trash2 aria-hidden className="mt-0.5" />
                  <span className="grid max-w-48 gap-0.5">
                    <span id={`${ids}-delete`}>{t("card.delete")}</span>
                    <span id={`${ids}-reason`} className="text-xs">
                      {t("card.deleteOwnerOnly")}
                    </span>
                  </span>
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      </div>
      <p className="text-sm text-muted-foreground">
        {t("card.projects", { count: plane.project_count })} · {t("card.active", { count: plane.active_project_count })}
      </p>
      <div className="grid gap-1">
        <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("card.recent")}</h3>
        {plane.recent_projects.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("card.noProjects")}</p>
        ) : (
          <ul className="grid gap-0.5 text-sm">
            {plane.recent_projects.slice(0, 3).map((project) => (
              <li key={project.id} className="truncate">
                {project.name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
