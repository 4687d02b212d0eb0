import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useOrg } from "@/web/features/organisations/org-context";
import { useProjectUsage } from "@/web/features/projects/api/get-projects";
import { planLines, type PlanLine } from "./plan-lines";

/**
 * The plan as it stands (plan-lines.ts): days left of the trial, projects used on Starter, or,
 * after the trial, how many projects became read-only. Nothing on a paid plan, nothing until the
 * figures arrive.
 */
export function PlanStatus() {
  const { t } = useTranslation("dashboard");
  const { currentOrg } = useOrg();
  const usage = useProjectUsage();
  const lines = currentOrg ? planLines(currentOrg, usage.data, new Date()) : null;
  if (!lines) return null;
  const text = (line: PlanLine) => t(line.key, line.values);
  return (
    <section aria-label={t("plan.label")} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-card px-4 py-3 text-sm" data-testid="plan-status">
      <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
      <span className="font-medium">{text(lines.title)}</span>
      <span className="text-muted-foreground">{text(lines.note)}</span>
      <span className="ml-auto">
        <Link to="/pricing" className="font-medium underline underline-offset-4">
          {t("plan.seePlans")}
        </Link>
      </span>
    </section>
  );
}
