import { Bot, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useCan } from "@/web/features/organisations/use-can";
import { ShownWhenLoaded } from "@/web/components/shown-when-loaded";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { useAgent } from "./api/get-agent";
import { AgentCard } from "./components/agent-card";
import { AgentFormDialog } from "./components/agent-form-dialog";
import { AgentJobs } from "./components/agent-jobs";
import { AgentSetupQuickstart } from "./components/agent-setup-quickstart";
import { useAgentActions } from "./lib/use-agent-actions";
import "./agents-i18n";

const REASON_ID = "agents-owner-only";

/** /app/agents: the organisation's one n8n agent, its settings, switch and test, the live Quickstart and (owners) its jobs. */
export function AgentsPage() {
  const { t } = useTranslation("agents");
  const { t: tc } = useTranslation();
  const agent = useAgent();
  const actions = useAgentActions();
  const canManage = useCan("agent.manage");
  const canReadJobs = useCan("jobs.read");
  const [dialog, setDialog] = useState<"create" | "edit" | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const failed = agent.isError && agent.data === undefined;
  useLoadErrorToast(failed ? agent.error : null, t("toasts.loadFailed"));
  const current = agent.data ?? null;

  const body = () => {
    if (failed) return <LoadFailed message={t("toasts.loadFailed")} onRetry={() => void agent.refetch()} />;
    if (agent.isPending)
      return (
        <div className="flex justify-center p-10">
          <Spinner label={t("loading")} />
        </div>
      );
    if (!current)
      return (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-10 text-center">
          <Bot aria-hidden className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
          <p className="max-w-md text-sm text-muted-foreground">{t("empty.body")}</p>
        </div>
      );
    return (
      <AgentCard
        agent={current}
        canManage={canManage}
        reasonId={REASON_ID}
        isSwitching={actions.isSwitching}
        isTesting={actions.isTesting}
        onToggle={(enabled) => void actions.setEnabled(enabled)}
        onTest={() => void actions.runTest()}
        onEdit={() => setDialog("edit")}
        onDelete={() => setConfirmingDelete(true)}
      />
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </div>
        {/* One agent per organisation: Create is hidden once one exists (spec). */}
        {agent.data === null && canManage && (
          <Button onClick={() => setDialog("create")}>
            <Plus aria-hidden />
            {t("create")}
          </Button>
        )}
      </div>
      {!canManage && <OwnerOnlyNote id={REASON_ID}>{t("ownerOnly")}</OwnerOnlyNote>}
      {/* The agent, its Quickstart and its jobs load apart: shown together, none pushes the next down. */}
      <ShownWhenLoaded label={t("loading")} className="grid gap-6">
        {body()}
        <AgentSetupQuickstart webhookPath={current?.webhook_path ?? null} />
        {canReadJobs && <AgentJobs />}
      </ShownWhenLoaded>
      <AgentFormDialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)} agent={dialog === "edit" ? (current ?? undefined) : undefined} />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t("confirmDelete.title", { name: current?.name ?? "" })}
        description={t("confirmDelete.description")}
        confirmLabel={t("confirmDelete.confirm")}
        cancelLabel={tc("cancel")}
        busy={actions.isDeleting}
        onConfirm={() => {
          setConfirmingDelete(false);
          void actions.deleteAgent();
        }}
      />
    </div>
  );
}
