import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { Workflow } from "@/shared/workflows";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { useDeployment } from "../api/get-deployment";
import { useDeployWorkflow } from "../api/mutate-workflow";
import { deploymentView } from "../lib/deployment-view";
import { N8nKeyForm } from "./n8n-key-form";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; workflow: Workflow; hasUnsavedChanges: boolean };

// The status colours the connection badges use, which pass contrast in both themes.
const toneClass = {
  ok: "border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  warning: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  neutral: "",
  error: "border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
} as const;

/** Deploy the saved workflow to n8n and see, as the server checked it just now, whether n8n's copy matches. */
export function DeployDialog({ open, onOpenChange, workflow, hasUnsavedChanges }: Props) {
  const { t } = useTranslation("workflowBuilder");
  const { t: tc } = useTranslation();
  const status = useDeployment(workflow.id, open);
  const deploy = useDeployWorkflow();
  const [activate, setActivate] = useState(workflow.deployment?.active ?? false);
  const activateId = useId();
  const view = status.data ? deploymentView(status.data) : null;

  const submit = async () => {
    try {
      await deploy.mutateAsync({ id: workflow.id, activate });
      toast.success(t("deploy.done"));
      void status.refetch();
    } catch (error) {
      toast.error(t("deploy.failed"), { description: errorMessage(error, tc, { fallback: t("deploy.failed"), isWrite: true }) });
      void status.refetch();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{t("deploy.title")}</DialogTitle>
          <DialogDescription>{t("deploy.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="deploy-status">
          <p className="font-medium">{t("deploy.status")}</p>
          {status.isFetching && !view ? (
            <Spinner label={t("deploy.checking")} />
          ) : status.isError ? (
            <p className="text-destructive">{t("deploy.checkFailed")}</p>
          ) : view && status.data ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <Badge className={toneClass[view.tone]}>{t(`deploy.states.${view.state}`)}</Badge>
                {view.active !== null && <Badge variant="outline">{view.active ? t("deploy.active") : t("deploy.inactive")}</Badge>}
              </div>
              {status.data.message && <p className="text-muted-foreground">{status.data.message}</p>}
              {status.data.deployedAt && <p className="text-muted-foreground">{t("deploy.deployedAt", { when: formatDateTime(status.data.deployedAt) })}</p>}
              {status.data.n8nWorkflowId && <p className="text-muted-foreground">{t("deploy.n8nId", { id: status.data.n8nWorkflowId })}</p>}
              {status.data.setup === "n8n_base" && <p>{t("deploy.needsBase")}</p>}
              {status.data.setup === "api_key" && <N8nKeyForm onSaved={() => void status.refetch()} />}
            </>
          ) : null}
          <Button type="button" variant="ghost" size="sm" className="justify-self-start" disabled={status.isFetching} onClick={() => void status.refetch()}>
            {t("deploy.recheck")}
          </Button>
        </div>
        {hasUnsavedChanges && <p className="text-sm text-amber-700 dark:text-amber-400">{t("deploy.unsavedNote")}</p>}
        <div className="flex items-start gap-2">
          <input id={activateId} type="checkbox" className="mt-1 size-4" checked={activate} onChange={(e) => setActivate(e.target.checked)} aria-describedby={`${activateId}-hint`} />
          <div className="grid gap-0.5">
            <label htmlFor={activateId} className="text-sm font-medium">
              {t("deploy.activate")}
            </label>
            <p id={`${activateId}-hint`} className="text-xs text-muted-foreground">
              {t("deploy.activateHint")}
            </p>
          </div>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {tc("close")}
          </Button>
          <Button type="button" disabled={deploy.isPending || view?.needsSetup === true} onClick={() => void submit()}>
            {deploy.isPending ? t("deploy.deploying") : t("deploy.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
