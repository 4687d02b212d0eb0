import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { createInvitationInput, type Invitation } from "@/shared/invitations";
import { assignableRoles } from "@/shared/organisations";
import { LoadFailed } from "@/web/components/load-failed";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { FormField } from "@/web/features/auth/form-field";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api, ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { localizeValidationMessage } from "@/web/lib/validation-messages";
import { formatDate } from "@/web/lib/format";
import { useUnexpired } from "./use-unexpired";

type Role = (typeof assignableRoles)[number];
const expiryOf = (inv: Invitation) => inv.expires_at;

/** Owners only: invite by email with a role, see the pending invitations and withdraw one (after asking). */
export function InvitationsCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const key = ["orgs", orgId, "invitations"];
  const pending = useQuery({ queryKey: key, queryFn: async () => (await api<{ invitations: Invitation[] }>(orgPath(orgId, "/invitations"))).invitations });
  // Accepted and withdrawn ones leave through the live feed (entity "invitation"); expired ones here.
  const shown = useUnexpired(pending.data, expiryOf);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const invite = useMutation({
    mutationFn: (body: { email: string; role: Role }) => api<{ invitation: Invitation }>(orgPath(orgId, "/invitations"), { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const revoke = useMutation({
    mutationFn: (inv: Invitation) => api(orgPath(orgId, `/invitations/${inv.id}`), { method: "DELETE" }),
    onSuccess: (_, inv) => toast.success(t("invitations.revoked", { email: inv.email })),
    onError: (e) => toast.error(t("invitations.revokeFailed"), { description: errorMessage(e, tc, { isWrite: true }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInvitationInput.safeParse({ email, role });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === "email");
      return setEmailError(issue && localizeValidationMessage(issue.message));
    }
    try {
      const { invitation } = await invite.mutateAsync(parsed.data);
      toast.success(t("invitations.sent", { email: invitation.email }));
      setEmail("");
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) return setEmailError(e.message);
      if (e instanceof ApiError && e.fields?.email) return setEmailError(e.fields.email);
      toast.error(t("invitations.failed"), { description: errorMessage(e, tc, { isWrite: true }) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("invitations.title")}</CardTitle>
        <CardDescription>{t("invitations.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
          <FormField id="invite-email" label={t("invitations.email")} error={emailError}>
            <Input type="email" autoComplete="off" value={email} maxLength={254} onChange={(e) => (setEmail(e.target.value), setEmailError(undefined))} />
          </FormField>
          <div className="grid gap-2">
            <label htmlFor="invite-role" className="text-sm font-medium">
              {t("invitations.role")}
            </label>
            <NativeSelect id="invite-role" value={role} onChange={(e) => setRole(e.target.value === "owner" ? "owner" : "member")}>
              {assignableRoles.map((r) => (
                <option key={r} value={r}>
                  {t(`organization.roleNames.${r}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? t("invitations.sending") : t("invitations.send")}
          </Button>
        </form>
        <h3 className="text-sm font-semibold">{t("invitations.pending")}</h3>
        {pending.isPending && <Spinner label={t("invitations.pending")} />}
        {pending.isError && <LoadFailed message={t("invitations.loadFailed")} onRetry={() => void pending.refetch()} />}
        {shown?.length === 0 && <p className="text-sm text-muted-foreground">{t("invitations.none")}</p>}
        {shown && shown.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label={t("invitations.pending")}>
            {shown.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm">
                <span className="font-medium">{inv.email}</span>
                <span className="text-muted-foreground">{t(`organization.roleNames.${inv.role === "owner" ? "owner" : "member"}`)}</span>
                <span className="text-muted-foreground">{t("invitations.expires", { date: formatDate(inv.expires_at) })}</span>
                <Button className="ml-auto" variant="outline" size="sm" aria-label={t("invitations.revokeLabel", { email: inv.email })} onClick={() => setRevoking(inv)}>
                  {t("invitations.revoke")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => !open && setRevoking(null)}
          title={t("invitations.revokeTitle", { email: revoking?.email ?? "" })}
          description={t("invitations.revokeBody")}
          confirmLabel={t("invitations.revoke")}
          cancelLabel={tc("cancel")}
          busy={revoke.isPending}
          onConfirm={() => {
            if (revoking) revoke.mutate(revoking);
            setRevoking(null);
          }}
        />
      </CardContent>
    </Card>
  );
}
