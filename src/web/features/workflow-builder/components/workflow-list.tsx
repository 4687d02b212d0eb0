import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { WORKFLOW_LIST_HEIGHT_PX, type WorkflowSummary } from "@/shared/workflows";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/cn";

type Props = {
  workflows: WorkflowSummary[] | undefined;
  isLoading: boolean;
  openId: string | null;
  onOpen: (id: string) => void;
  onDelete: (workflow: WorkflowSummary) => void;
};

/** The left column (spec): name, description or 'No description', node count and trigger, scrolling at 500 px. */
export function WorkflowList({ workflows, isLoading, openId, onOpen, onDelete }: Props) {
  const { t } = useTranslation("workflowBuilder");
  return (
    <section aria-labelledby="workflow-list-title" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h2 id="workflow-list-title" className="font-semibold">
        {t("list.label")}
      </h2>
      <div className="overflow-y-auto pr-1" style={{ maxHeight: WORKFLOW_LIST_HEIGHT_PX }} data-testid="workflow-list">
        {isLoading ? (
          <Spinner label={t("list.loading")} />
        ) : !workflows || workflows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("list.empty")}</p>
        ) : (
          <ul className="grid gap-2">
            {workflows.map((w) => (
              <li key={w.id} className={cn("group relative rounded-lg border bg-background transition-colors hover:bg-accent", w.id === openId && "border-primary ring-1 ring-primary")}>
                <button type="button" data-workflow-id={w.id} className="grid w-full gap-1 p-3 pr-10 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-current={w.id === openId ? "true" : undefined} onClick={() => onOpen(w.id)}>
                  <span className="truncate text-sm font-medium">{w.name}</span>
                  <span className="line-clamp-2 text-xs text-muted-foreground">{w.description || t("list.noDescription")}</span>
                  <span className="flex flex-wrap gap-1">
                    <Badge variant="secondary">{t("list.nodes", { count: w.nodeCount })}</Badge>
                    <Badge variant="outline">{t(`triggers.${w.trigger}`)}</Badge>
                  </span>
                </button>
                <Button type="button" variant="ghost" size="icon" className="absolute right-1 top-1" aria-label={t("list.delete", { name: w.name })} onClick={() => onDelete(w)}>
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
