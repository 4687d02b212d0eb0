import { Download, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { actionPlanPercent, actionPlanSprints, isSprintComplete } from "@/shared/action-plan";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Progress } from "@/web/components/ui/progress";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDateTime } from "@/web/lib/format";
import { downloadJson } from "@/web/lib/download-json";
import { useActionPlan } from "./use-action-plan";
import "./action-plan-i18n";

const TOTAL = actionPlanSprints.reduce((sum, s) => sum + s.tasks, 0);

/** /admin, /admin/action-plan and /app/admin/action-plan: the spec's progress checklist, kept per organisation. */
export function ActionPlanPage({ inApp = false }: { inApp?: boolean }) {
  const { t } = useTranslation("actionPlan");
  const plan = useActionPlan();
  const [confirming, setConfirming] = useState(false);
  const done = Object.values(plan.items).filter(Boolean).length;
  const percent = actionPlanPercent(plan.items);

  const exportJson = () =>
    downloadJson("action-plan.json", {
      exportedAt: new Date().toISOString(),
      percent,
      sprints: actionPlanSprints.map((sprint) => ({
        id: sprint.id,
        name: t(`sprints.${sprint.id}`),
        complete: isSprintComplete(plan.items, sprint),
        tasks: (t(`tasks.${sprint.id}`, { returnObjects: true }) as string[]).map((title, i) => ({ key: `${sprint.id}-${i}`, title, done: plan.items[`${sprint.id}-${i}`] === true })),
      })),
    });

  const storageNote =
    plan.storage.kind === "organisation"
      ? plan.storage.offline
        ? t("storage.offline")
        : t("storage.organisation", { org: plan.storage.orgName })
      : plan.storage.kind === "local"
        ? t("storage.local")
        : null;

  return (
    <div className={inApp ? "mx-auto grid w-full max-w-4xl gap-6" : "mx-auto grid w-full max-w-4xl gap-6 px-6 py-12"}>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      <section aria-labelledby="plan-overall" className="grid gap-3 rounded-xl border bg-card p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plan-overall" className="font-semibold">
            {t("overall")}
          </h2>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={exportJson}>
              <Download aria-hidden />
              {t("export")}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <RotateCcw aria-hidden />
              {t("reset")}
            </Button>
          </div>
        </div>
        <p className="text-3xl font-semibold" data-testid="plan-percent">
          {t("percent", { percent })}
        </p>
        <Progress value={percent} label={t("overall")} />
        <p className="text-sm text-muted-foreground">{t("counted", { done, total: TOTAL })}</p>
        <p className="text-sm text-muted-foreground" data-testid="plan-saved">
          {plan.savedAt ? t("lastSaved", { when: formatDateTime(plan.savedAt) }) : t("neverSaved")}
        </p>
        {plan.storage.kind === "loading" ? (
          <Spinner label={t("loading")} />
        ) : (
          <p className="text-sm" role="note">
            {storageNote}{" "}
            {plan.storage.kind === "local" && (
              <Link to="/auth" className="text-primary underline underline-offset-2">
                {t("signIn")}
              </Link>
            )}
          </p>
        )}
        {plan.error && (
          <p role="alert" className="text-sm text-destructive">
            {t("saveFailed", { message: plan.error })}
          </p>
        )}
      </section>
      {actionPlanSprints.map((sprint) => {
        const tasks = t(`tasks.${sprint.id}`, { returnObjects: true }) as string[];
        const sprintDone = tasks.filter((_, i) => plan.items[`${sprint.id}-${i}`]).length;
        const complete = isSprintComplete(plan.items, sprint);
        return (
          <section key={sprint.id} aria-labelledby={`sprint-${sprint.id}`} className="grid gap-3 rounded-xl border bg-card p-5" data-sprint={sprint.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`sprint-${sprint.id}`} className="font-semibold">
                {t(`sprints.${sprint.id}`)}
              </h2>
              <div className="flex items-center gap-2">
                {complete && (
                  <Badge className="border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200">
                    {t("complete")}
                  </Badge>
                )}
                <span className="text-sm text-muted-foreground">{t("sprintProgress", { done: sprintDone, total: tasks.length })}</span>
              </div>
            </div>
            <ul className="grid gap-1">
              {tasks.map((title, i) => {
                const key = `${sprint.id}-${i}`;
                const id = `task-${key}`;
                return (
                  <li key={key} className="flex items-start gap-3 rounded-md px-2 py-1.5 hover:bg-accent">
                    <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0" checked={plan.items[key] === true} onChange={(e) => void plan.toggle(key, e.target.checked)} disabled={plan.storage.kind === "loading"} />
                    <label htmlFor={id} className={plan.items[key] ? "text-sm text-muted-foreground line-through" : "text-sm"}>
                      {title}
                    </label>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("confirmReset.title")}
        description={t("confirmReset.description")}
        confirmLabel={t("confirmReset.confirm")}
        cancelLabel={t("confirmReset.cancel")}
        onConfirm={() => {
          setConfirming(false);
          void plan.reset();
        }}
      />
    </div>
  );
}
