import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { profileInput } from "@/shared/auth-forms";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { FormField } from "@/web/features/auth/form-field";
import { authClient } from "@/web/lib/auth-client";
import { checkShellSession, useShellSession } from "@/web/lib/shell-session";
import { ChangeEmailCard } from "./change-email-card";
import { YourDataCard } from "./your-data-card";
import { fieldErrors } from "./field-error";

/** Name editable, email read-only from the session (spec: Settings, Profile), and changed only through a link to the new address. */
export function ProfileTab() {
  const { t } = useTranslation("settings");
  const { t: ta } = useTranslation("auth");
  // The shell read the session before this page rendered: the fields never show empty.
  const user = useShellSession().data?.user;
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const shown = name ?? user?.name ?? "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileInput.safeParse({ name: shown });
    if (!parsed.success) return setError(fieldErrors(parsed.error, ta).name);
    if (parsed.data.name === user?.name) return setError(t("profile.unchanged"));
    setBusy(true);
    const { error: failed } = await authClient.updateUser({ name: parsed.data.name });
    setBusy(false);
    if (failed) return toast.error(t("profile.failed"), { description: failed.message });
    toast.success(t("profile.updated"));
    await checkShellSession();
    setName(null);
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("profile.title")}</CardTitle>
          <CardDescription>{t("profile.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
            <FormField id="profile-name" label={t("profile.name")} error={error}>
              <Input value={shown} autoComplete="name" maxLength={120} onChange={(e) => (setName(e.target.value), setError(undefined))} />
            </FormField>
            <div className="grid gap-2">
              <FormField id="profile-email" label={t("profile.email")}>
                <Input value={user?.email ?? ""} readOnly aria-readonly className="bg-muted" />
              </FormField>
              <p className="text-sm text-muted-foreground">{t("profile.emailNote")}</p>
            </div>
            <div>
              <Button type="submit" disabled={busy || !user}>
                {busy ? t("profile.saving") : t("profile.save")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <ChangeEmailCard />
      <YourDataCard />
    </div>
  );
}
