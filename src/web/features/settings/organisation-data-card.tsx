import { expectToLeave, leftOnPurpose } from "@/web/features/organisations/left-organisations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "@/web/lib/toast";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Button, buttonClass } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Input } from "@/web/components/ui/input";
import { FormField } from "@/web/features/auth/form-field";
import { useCan } from "@/web/features/organisations/use-can";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api, ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { ExportPanel } from "./export-panel";
import "./data-rights-i18n";

/** Organization's "Organisation data" (owners): export everything, the audit log, and deleting the organisation by typing its name. */
export function OrganisationDataCard({ orgId, orgName }: { orgId: string; orgName: string }) {
  const { t } = useTranslation("dataRights");
  const canExport = useCan("organisation.export");
  const canDelete = useCan("organisation.delete");
  const canAudit = useCan("audit.read");
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t("orgData.title")}</h2>
        </CardTitle>
        <CardDescription>{t("orgData.description", { org: orgName })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!canExport && <OwnerOnlyNote>{t("deleteOrg.ownerOnly")}</OwnerOnlyNote>}
        {canExport && <ExportPanel target={{ scope: "org", orgId }} startLabel={t("export.startOrg")} />}
        {(canAudit || canDelete) && (
          <div className="flex flex-wrap gap-3 border-t pt-4">
            {canAudit && (
              <Link to="/app/audit" className={buttonClass({ variant: "outline" })}>
                <ScrollText className="size-4" aria-hidden />
                {t("orgData.auditLink")}
              </Link>
            )}
            {canDelete && (
              <Button variant="destructive" onClick={() => setDeleting(true)}>
                {t("deleteOrg.button")}
              </Button>
            )}
          </div>
        )}
        {canDelete && <DeleteOrganisationDialog orgId={orgId} orgName={orgName} open={deleting} onOpenChange={setDeleting} />}
      </CardContent>
    </Card>
  );
}

function DeleteOrganisationDialog({ orgId, orgName, open, onOpenChange }: { orgId: string; orgName: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("dataRights");
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: () => (expectToLeave(orgId), api(orgPath(orgId, ""), { method: "DELETE", body: { confirmName: typed } })),
    onSuccess: async () => {
      toast.success(t("deleteOrg.done", { org: orgName }));
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: ["memberships"] });
      navigate("/app/dashboard", { replace: true });
    },
    onError: (e) => (leftOnPurpose(orgId), setError(e instanceof ApiError && e.fields?.confirmName ? t("deleteOrg.mismatch") : `${t("deleteOrg.failed")}: ${errorMessage(e, tc, { isWrite: true })}`)),
  });
  const confirm = () => (typed.trim() === orgName.trim() ? remove.mutate() : setError(t("deleteOrg.mismatch")));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (onOpenChange(next), next || (setTyped(""), setError(undefined)))}
      title={t("deleteOrg.title", { org: orgName })}
      description={t("deleteOrg.description")}
      confirmLabel={t("deleteOrg.confirm")}
      cancelLabel={t("deleteOrg.cancel")}
      busy={remove.isPending || typed.trim() !== orgName.trim()}
      onConfirm={confirm}
    >
      <FormField id="delete-org-name" label={t("deleteOrg.typeName")} error={error}>
        <Input value={typed} autoComplete="off" placeholder={orgName} onChange={(e) => (setTyped(e.target.value), setError(undefined))} />
      </FormField>
    </ConfirmDialog>
  );
}
