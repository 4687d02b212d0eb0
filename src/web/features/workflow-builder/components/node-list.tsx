import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { WorkflowDraft } from "@/shared/workflows";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { removeNodes } from "../lib/draft-edits";

type Props = { draft: WorkflowDraft; selectedId: string | null; problemNodeIds: ReadonlySet<string>; onSelect: (id: string) => void; onChange: (draft: WorkflowDraft) => void };

/**
 * The spec's node list with a remove button per node, beside the canvas: a way through the nodes
 * by keyboard and screen reader. Rows render only while it is open, so a big workflow costs nothing.
 */
export function NodeList({ draft, selectedId, problemNodeIds, onSelect, onChange }: Props) {
  const { t } = useTranslation("workflowBuilder");
  const { t: tc } = useTranslation("workflowCanvas");
  const [open, setOpen] = useState(false);
  return (
    <details className="rounded-lg border p-3" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium">{t("nodeList.title", { count: draft.nodes.length })}</summary>
      {open && (
        <div className="mt-2 grid gap-2">
          <p className="text-xs text-muted-foreground">{t("nodeList.hint")}</p>
          <ul className="grid max-h-72 gap-1 overflow-y-auto" data-testid="node-list">
            {draft.nodes.map((node) => (
              <li key={node.id} className={cn("flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm", node.id === selectedId && "bg-accent", problemNodeIds.has(node.id) && "text-destructive")}>
                <button type="button" className="min-w-0 truncate text-left underline-offset-2 hover:underline" aria-label={t("nodeList.select", { name: node.name })} onClick={() => onSelect(node.id)}>
                  {node.name} <span className="text-xs text-muted-foreground">{tc(`types.${node.type}`)}</span>
                </button>
                <Button type="button" variant="ghost" size="icon" aria-label={t("nodeList.remove", { name: node.name })} onClick={() => onChange(removeNodes(draft, new Set([node.id])))}>
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
