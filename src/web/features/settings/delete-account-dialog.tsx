import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ErasurePreview } from "@/shared/data-rights";
import { LoadFailed } from "@/web/components/load-failed";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { FormField } from "@/web/features/auth/form-field";
import { api, ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import "./data-rights-i18n";

/**
 * Deleting one's account: the organisations that go too (those without another owner) are listed
 * first, the current password re-authenticates, and the list the user saw goes with the request,
 * so a change meanwhile is refused rather than deleting more than was shown.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("dataRights");
  const { t: tc } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const preview = useQuery({ queryKey: ["me", "erasure"], queryFn: () => api<ErasurePreview>("/api/v1/me/erasure"), enabled: open, staleTime: 0 });
  const orgs = preview.data?.organisations;
  const erase = useMutation({
    mutationFn: () => api("/api/v1/me", { method: "DELETE", body: { password, confirmed_org_ids: (orgs ?? []).map((o) => o.id) } }),
    onSuccess: () => window.location.assign("/auth?deleted=1"),
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) {
        setError(t("deleteAccount.changed"));
        void preview.refetch();
      } else setError(e instanceof ApiError && e.fields?.password ? e.fields.password : `${t("deleteAccount.failed")}: ${errorMessage(e, tc, { isWrite: true })}`);
    },
  });
  const confirm = () => (password ? erase.mutate() : setError(t("deleteAccount.passwordNeeded")));

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (onOpenChange(next), next || (setPassword(""), setError(undefined)))}
      title={t("deleteAccount.title")}
      description={t("deleteAccount.description")}
      confirmLabel={erase.isPending ? t("deleteAccount.deleting") : t("deleteAccount.confirm")}
      cancelLabel={t("deleteAccount.cancel")}
      busy={erase.isPending || !orgs}
      onConfirm={confirm}
    >
      <div className="grid gap-4 text-sm">
        {preview.isPending && <Spinner label={t("deleteAccount.loading")} />}
        {preview.isError && <LoadFailed message={t("deleteAccount.previewFailed")} onRetry={() => void preview.refetch()} />}
        {orgs && orgs.length === 0 && <p>{t("deleteAccount.noOrgs")}</p>}
        {orgs && orgs.length > 0 && (
          <div className="grid gap-2">
            <p>{t("deleteAccount.orgsIntro", { count: orgs.length })}</p>
            <ul className="grid gap-1 rounded-md border p-3" data-testid="erasure-orgs">
              {orgs.map((o) => (
                <li key={o.id} className="flex justify-between gap-3">
                  <span className="font-medium">{o.name}</span>
                  <span className="text-muted-foreground">{t("deleteAccount.members", { count: o.members })}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <FormField id="erase-password" label={t("deleteAccount.password")} error={error}>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => (setPassword(e.target.value), setError(undefined))} onKeyDown={(e) => e.key === "Enter" && confirm()} />
        </FormField>
      </div>
    </ConfirmDialog>
  );
}
