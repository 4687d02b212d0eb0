import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { effectivePlan, trialDaysLeft } from "@/shared/plans";
import type { OrganisationBudgetsResponse } from "@/shared/budgets";
import { renameOrganisationInput, type Organisation } from "@/shared/organisations";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { InvitationsCard } from "./invitations-card";
import { MembersCard } from "./members-card";
import { OrganisationDataCard } from "./organisation-data-card";
import { FormField } from "@/web/features/auth/form-field";
import { useOrg } from "@/web/features/organisations/org-context";
import { useCan } from "@/web/features/organisations/use-can";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api, ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { localizeValidationMessage } from "@/web/lib/validation-messages";

const REASON_ID = "settings-rename-owner-only";

/** The current organisation: its name (owners rename it), plan and trial, the caller's role and the members. */
export function OrganizationTab() {
  const { t } = useTranslation("settings");
  const { currentOrg, role } = useOrg();
  const canInvite = useCan("members.invite");
  if (!currentOrg) return <Spinner label={t("title")} />;
  return (
    <div className="grid gap-6">
      <RenameCard org={currentOrg} />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("organization.plan")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <PlanLine org={currentOrg} />
          <p>
            <span className="text-muted-foreground">{t("organization.yourRole")}: </span>
            <span className="font-medium">{t(`organization.roles.${roleKey(role)}`)}</span>
          </p>
          <ModelBudgetLine orgId={currentOrg.id} />
        </CardContent>
      </Card>
      <MembersCard orgId={currentOrg.id} orgName={currentOrg.name} />
      {canInvite && <InvitationsCard orgId={currentOrg.id} />}
      <OrganisationDataCard orgId={currentOrg.id} orgName={currentOrg.name} />
    </div>
  );
}

const planKey = (plan: string) => (plan === "professional" || plan === "enterprise" ? plan : "free");
export const roleKey = (role: string | null) => (role === "owner" || role === "supreme_leader" ? role : "member");

/** Model calls on the server's key today, of the organisation's daily budget (LIMIT_MODEL_CALLS_PER_DAY). */
function ModelBudgetLine({ orgId }: { orgId: string }) {
  const { t } = useTranslation("settings");
  const query = useQuery({
    queryKey: ["organisation-budgets", orgId],
    queryFn: () => api<OrganisationBudgetsResponse>(orgPath(orgId, "/budgets")).then((r) => r.budgets.model_calls),
  });
  if (!query.data) return null;
  const { used, budget, own_key } = query.data;
  return (
    <p data-testid="settings-model-budget">
      <span className="text-muted-foreground">{t("organization.modelCallsToday")}: </span>
      <span className="font-medium tabular-nums">{t("organization.modelCallsUsed", { used, budget })}</span>
      {own_key && <span className="block text-muted-foreground">{t("organization.modelCallsOwnKey")}</span>}
    </p>
  );
}

function PlanLine({ org }: { org: Organisation }) {
  const { t } = useTranslation("settings");
  const now = new Date();
  const days = trialDaysLeft(org, now);
  const plan = effectivePlan(org, now);
  return (
    <p className="flex flex-wrap items-center gap-2" data-testid="settings-plan">
      <Badge variant="secondary">{t(`organization.planNames.${planKey(plan)}`)}</Badge>
      {days !== null && <span>{t("organization.trialDays", { count: days })}</span>}
    </p>
  );
}

function RenameCard({ org }: { org: Organisation }) {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const canRename = useCan("organisation.rename");
  const queryClient = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (next: string) => api<{ organisation: Organisation }>(orgPath(org.id, ""), { method: "PATCH", body: { name: next } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["memberships"] }),
  });
  const shown = name ?? org.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = renameOrganisationInput.safeParse({ name: shown });
    if (!parsed.success) return setError(parsed.error.issues[0] && localizeValidationMessage(parsed.error.issues[0].message));
    try {
      await rename.mutateAsync(parsed.data.name);
      toast.success(t("organization.renamed"));
      setName(null);
    } catch (e) {
      if (e instanceof ApiError && e.fields?.name) return setError(e.fields.name);
      toast.error(t("organization.failed"), { description: errorMessage(e, tc, { isWrite: true }) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("organization.title")}</CardTitle>
        <CardDescription>{t("organization.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-md gap-4">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="org-name" label={t("organization.name")} error={error}>
            <Input
              value={shown}
              maxLength={80}
              disabled={!canRename}
              aria-describedby={canRename ? undefined : REASON_ID}
              onChange={(e) => (setName(e.target.value), setError(undefined))}
            />
          </FormField>
          {canRename ? (
            <div>
              <Button type="submit" disabled={rename.isPending || shown.trim() === org.name}>
                {rename.isPending ? t("organization.saving") : t("organization.save")}
              </Button>
            </div>
          ) : (
            <OwnerOnlyNote id={REASON_ID}>{t("organization.ownerOnly")}</OwnerOnlyNote>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
