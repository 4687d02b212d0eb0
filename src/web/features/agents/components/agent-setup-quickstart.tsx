import { CheckCircle2, ChevronDown, CircleDashed, Download, RefreshCw, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_WEBHOOK_PATH, type SetupStep } from "@/shared/agents";
import { Button, buttonClass } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { useAgentSetup } from "../api/get-agent-setup";

const stateIcon = { done: CheckCircle2, todo: CircleDashed, failed: XCircle } as const;
const stateClass = { done: "text-green-700 dark:text-green-400", todo: "text-muted-foreground", failed: "text-destructive" } as const;

/** The five Quickstart steps with the state the server checked just now; collapsible, open at first. */
export function AgentSetupQuickstart({ webhookPath }: { webhookPath: string | null }) {
  const { t } = useTranslation("agents");
  const [isOpen, setIsOpen] = useState(true);
  const regionId = useId();
  const setup = useAgentSetup(isOpen);
  const download = `/functions/v1/starter-workflow?webhook_path=${encodeURIComponent(webhookPath ?? DEFAULT_WEBHOOK_PATH)}`;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>
            <h2>
              <button type="button" aria-expanded={isOpen} aria-controls={regionId} onClick={() => setIsOpen((o) => !o)} className="flex items-center gap-2 rounded-sm text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                <ChevronDown aria-hidden className={cn("size-5 transition-transform", !isOpen && "-rotate-90")} />
                {t("setup.title")}
              </button>
            </h2>
          </CardTitle>
          <CardDescription>{t("setup.description")}</CardDescription>
        </div>
        {isOpen && (
          <Button variant="outline" size="sm" onClick={() => void setup.refetch()} disabled={setup.isFetching}>
            <RefreshCw aria-hidden className={cn(setup.isFetching && "animate-spin")} />
            {setup.isFetching ? t("setup.checking") : t("setup.refresh")}
          </Button>
        )}
      </CardHeader>
      {isOpen && (
        <CardContent id={regionId} className="grid gap-4">
          {setup.isError && !setup.data && <p className="text-sm text-destructive">{t("setup.loadFailed")}</p>}
          {setup.isPending && (
            <p role="status" className="text-sm text-muted-foreground">
              {t("setup.checking")}
            </p>
          )}
          {setup.data && (
            <ol aria-label={t("setup.title")} className="grid gap-3">
              {setup.data.steps.map((step, i) => (
                <StepRow key={step.key} step={step} index={i + 1} />
              ))}
            </ol>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <a href={download} download className={buttonClass({ variant: "outline", size: "sm" })}>
              <Download aria-hidden />
              {t("setup.download")}
            </a>
            {setup.data && <p className="text-xs text-muted-foreground">{t("setup.checkedAt", { when: formatDateTime(setup.data.checked_at) })}</p>}
          </div>
        </CardContent>
      )}
    </Card>
  );
}

function StepRow({ step, index }: { step: SetupStep; index: number }) {
  const { t } = useTranslation("agents");
  const Icon = stateIcon[step.state];
  return (
    <li data-step={step.key} data-state={step.state} className="flex items-start gap-3 rounded-md border p-3">
      <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", stateClass[step.state])} />
      <div className="grid gap-0.5">
        <p className="text-sm font-medium">
          {index}. {t(`setup.steps.${step.key}`)}
          <span className={cn("ml-2 text-xs font-semibold", stateClass[step.state])}>{t(`setup.states.${step.state}`)}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          {step.detail}
          {step.at && ` · ${formatDateTime(step.at)}`}
        </p>
      </div>
    </li>
  );
}
