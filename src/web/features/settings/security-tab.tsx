import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { changePasswordInput } from "@/shared/auth-forms";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { FormField } from "@/web/features/auth/form-field";
import { PasswordInput } from "@/web/features/auth/password-input";
import { authClient } from "@/web/lib/auth-client";
import { fieldErrors } from "./field-error";
import { useOrg } from "@/web/features/organisations/org-context";
import { useCan } from "@/web/features/organisations/use-can";
import { OrgSecurityCard } from "@/web/features/two-factor/org-security-card";
import { TwoFactorCard } from "@/web/features/two-factor/two-factor-card";
import { TwoFactorRequiredNotice } from "@/web/features/two-factor/two-factor-gate";
import { SESSIONS_KEY, SessionsCard } from "./sessions-card";
import { DeveloperTokensCard } from "@/web/features/developer-tokens/developer-tokens-card";

/** Change password (other sessions end), two-factor sign-in, the sessions, and signing out everywhere. */
export function SecurityTab() {
  const { currentOrg } = useOrg();
  const isOwner = useCan("organisation.security");
  return (
    <div className="grid gap-6">
      <TwoFactorRequiredNotice />
      <ChangePasswordCard />
      <TwoFactorCard />
      {isOwner && currentOrg && <OrgSecurityCard orgId={currentOrg.id} />}
      <SessionsCard />
      <DeveloperTokensCard />
    </div>
  );
}

const empty = { current: "", password: "", confirm: "" };

function ChangePasswordCard() {
  const { t } = useTranslation("settings");
  const { t: ta } = useTranslation("auth");
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const session = authClient.useSession();
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: "" }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordInput.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, ta));
    setBusy(true);
    const { error } = await authClient.changePassword({ currentPassword: parsed.data.current, newPassword: parsed.data.password, revokeOtherSessions: true });
    setBusy(false);
    if (error) return setFormError(error.message ?? t("security.changeFailed"));
    setValues(empty);
    toast.success(t("security.changed"));
    // The other sessions are gone and this one was issued anew: show both.
    await session.refetch();
    await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("security.passwordTitle")}</CardTitle>
        <CardDescription>{t("security.passwordDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          {formError && <Alert variant="destructive">{formError}</Alert>}
          <FormField id="current-password" label={t("security.current")} error={errors.current || undefined}>
            <PasswordInput value={values.current} autoComplete="current-password" onChange={set("current")} />
          </FormField>
          <FormField id="new-password" label={t("security.newPassword")} error={errors.password || undefined}>
            <PasswordInput value={values.password} autoComplete="new-password" onChange={set("password")} />
          </FormField>
          <FormField id="confirm-password" label={t("security.confirm")} error={errors.confirm || undefined}>
            <PasswordInput value={values.confirm} autoComplete="new-password" onChange={set("confirm")} />
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? t("security.changing") : t("security.change")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
