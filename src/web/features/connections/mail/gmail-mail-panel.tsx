import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import "../integration-cards-i18n";
import type { InboundMailStatus, ProjectMailAddress } from "@/shared/inbound-mail";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { formatDateTime } from "@/web/lib/format";
import { toast } from "@/web/lib/toast";
import { useCan } from "@/web/features/organisations/use-can";
import { AllowListEditor } from "./allow-list-editor";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { useProjects } from "@/web/features/projects/api/get-projects";

const statusKey = (orgId: string) => ["orgs", orgId, "inbound-mail"] as const;

/**
 * The Gmail card's mail-to-task part: the honest state (connected only once a mail arrived), the
 * last mail and error, Gmail's forwarding steps and its confirmation code, and a project's address.
 * Everything here is shown as text: nothing from a mail is rendered as HTML.
 */
export function GmailMailPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation("integrationCards");
  const orgId = useOrgId();
  const status = useQuery({ queryKey: statusKey(orgId), queryFn: async () => (await api<{ status: InboundMailStatus }>(orgPath(orgId, "/inbound-mail"))).status, refetchInterval: 15_000 });
  const projects = useProjects();
  const [projectId, setProjectId] = useState("");
  const chosen = projectId || projects.data?.[0]?.id || "";
  const address = useQuery({ queryKey: [...statusKey(orgId), chosen], enabled: chosen !== "", queryFn: async () => (await api<{ project_mail: ProjectMailAddress }>(orgPath(orgId, `/inbound-mail/projects/${chosen}`))).project_mail });
  const client = useQueryClient();
  const { t: tc } = useTranslation();
  const canEditProject = useCan("project.update");
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation({
    mutationFn: async () => (await api<{ project_mail: ProjectMailAddress }>(orgPath(orgId, `/inbound-mail/projects/${chosen}/address`), { method: "POST" })).project_mail,
    onSuccess: (made) => client.setQueryData([...statusKey(orgId), chosen], made),
  });
  const copyAddress = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("mailToTask.copied"));
    } catch {
      toast.error(t("mailToTask.copyFailed"));
    }
  };
  const s = status.data;
  if (!s) return null;
  return (
    <div className="grid min-w-0 gap-2 text-sm" data-testid="gmail-mail">
      <p data-testid="mail-state">{!s.receiver_on ? t("mailToTask.receiverOff") : s.connected ? t("mailToTask.connected") : t("mailToTask.waiting")}</p>
      {s.receiver_error && (
        <p className="text-destructive" role="status" data-testid="mail-receiver-error">
          {t(`mailToTask.receiverErrors.${s.receiver_error}`)}
        </p>
      )}
      {s.last_mail && <p className="text-muted-foreground" data-testid="mail-last">{t("mailToTask.lastMail", { sender: s.last_mail.sender, subject: s.last_mail.subject, at: formatDateTime(s.last_mail.received_at) })}</p>}
      {s.last_error && <p className="text-destructive" data-testid="mail-error">{t(`mailToTask.errors.${s.last_error.outcome}`, { sender: s.last_error.sender, defaultValue: t("mailToTask.errors.refused_sender", { sender: s.last_error.sender }) })}</p>}
      {s.forwarding_confirmation && (
        <div className="rounded-md border p-2" data-testid="mail-confirmation">
          <p>{t("mailToTask.confirmation", { code: s.forwarding_confirmation.code ?? "—" })}</p>
          {s.forwarding_confirmation.url && (
            <a className="underline" href={s.forwarding_confirmation.url} target="_blank" rel="noreferrer noopener">
              {t("mailToTask.confirmationLink")}
            </a>
          )}
        </div>
      )}
      {s.receiver_on && (projects.data?.length ?? 0) > 0 && (
        <div className="grid min-w-0 gap-1">
          <label className="grid gap-1">
            <span>{t("mailToTask.project")}</span>
            <select className="w-full min-w-0 rounded-md border bg-background p-1" value={chosen} onChange={(e) => setProjectId(e.target.value)}>
              {projects.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          {address.data?.address ? <code className="break-all" data-testid="mail-address">{address.data.address}</code> : <p className="text-muted-foreground">{t("mailToTask.noAddress")}</p>}
          <div className="flex flex-wrap gap-2">
            {address.data?.address && (
              <Button variant="outline" size="sm" onClick={() => void copyAddress(address.data!.address!)}>
                {t("mailToTask.copy")}
              </Button>
            )}
            {canManage && (
              <Button variant="outline" size="sm" className="h-auto whitespace-normal text-left" disabled={regenerate.isPending || !chosen} onClick={() => (address.data?.address ? setConfirming(true) : regenerate.mutate())}>
                {address.data?.address ? t("mailToTask.regenerate") : t("mailToTask.make")}
              </Button>
            )}
          </div>
          <p className="text-muted-foreground">{t("mailToTask.allowList")}</p>
          {address.data && <AllowListEditor mail={address.data} queryKey={[...statusKey(orgId), chosen]} canEdit={canEditProject} />}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("mailToTask.regenerateTitle")}
        description={t("mailToTask.regenerateDescription", { address: address.data?.address ?? "" })}
        confirmLabel={t("mailToTask.regenerateConfirm")}
        cancelLabel={tc("cancel")}
        busy={regenerate.isPending}
        onConfirm={() => regenerate.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
      <details>
        <summary>{t("mailToTask.stepsTitle")}</summary>
        <ol className="list-decimal pl-5">
          {(["1", "2", "3", "4", "5"] as const).map((n) => (
            <li key={n}>{t(`mailToTask.steps.${n}`)}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}
