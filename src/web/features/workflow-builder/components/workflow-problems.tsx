import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { WorkflowProblem } from "@/shared/n8n";
import type { WorkflowNode } from "@/shared/workflows";
import { useSharedText } from "../lib/shared-texts";

/** What blocks Save and Export, each with a way to the node it concerns. */
export function WorkflowProblems({ problems, nodes, timeoutError, onShow }: { problems: WorkflowProblem[]; nodes: WorkflowNode[]; timeoutError: string | null; onShow: (nodeId: string) => void }) {
  const { t } = useTranslation("workflowBuilder");
  const said = useSharedText();
  const count = problems.length + (timeoutError ? 1 : 0);
  if (count === 0) return null;
  const nameOf = new Map(nodes.map((n) => [n.id, n.name]));
  return (
    <div role="status" data-testid="workflow-problems" className="grid gap-2 rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertTriangle aria-hidden className="size-4" />
        {t("problems.title", { count })}
      </p>
      <ul className="grid gap-1 pl-6">
        {problems.map((p, i) => {
          const name = p.nodeId ? nameOf.get(p.nodeId) : undefined;
          return (
            <li key={`${p.code}-${p.nodeId ?? ""}-${i}`} className="flex flex-wrap items-center gap-x-2">
              <span>{said(p.message)}</span>
              {p.nodeId && name !== undefined && (
                <button type="button" className="text-primary underline underline-offset-2" onClick={() => onShow(p.nodeId!)}>
                  {t("problems.show", { name })}
                </button>
              )}
            </li>
          );
        })}
        {timeoutError && <li>{t("problems.timeout", { message: timeoutError })}</li>}
      </ul>
    </div>
  );
}
