import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "@/web/lib/toast";
import { z } from "zod";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { FormField } from "@/web/features/auth/form-field";
import { authClient } from "@/web/lib/auth-client";
import { useShellSession } from "@/web/lib/shell-session";

/** Where the link in the mail lands: the Profile tab, which says the change is done. */
export const EMAIL_CHANGED_CALLBACK = "/app/settings?emailChanged=1";
const address = z.email();

/** Profile tab: a new address gets a link; the email changes only when it is opened. */
export function ChangeEmailCard() {
  const { t } = useTranslation("settings");
  const current = useShellSession().data?.user.email ?? "";
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const landed = params.get("emailChanged") === "1";
  const linkError = params.get("error");

  // The link brought them back: say which address is theirs now, once.
  useEffect(() => {
    if (!landed || !current) return;
    if (linkError) toast.error(t("emailChange.linkFailed"), { id: "email-change" });
    else toast.success(t("emailChange.changed", { email: current }), { id: "email-change" });
    setParams({}, { replace: true });
  }, [landed, linkError, current, setParams, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim().toLowerCase();
    if (!address.safeParse(next).success) return setError(t("emailChange.invalid"));
    if (next === current.toLowerCase()) return setError(t("emailChange.same"));
    setBusy(true);
    const { error: failed } = await authClient.changeEmail({ newEmail: next, callbackURL: EMAIL_CHANGED_CALLBACK });
    setBusy(false);
    if (failed) return toast.error(t("emailChange.failed"), { description: failed.status === 429 ? t("twoFactor.rateLimited") : failed.message });
    setSentTo(next);
    setValue("");
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("emailChange.title")}</CardTitle>
        <CardDescription>{t("emailChange.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          {sentTo && <Alert role="status">{t("emailChange.checkInbox", { email: sentTo, current })}</Alert>}
          <FormField id="new-email" label={t("emailChange.newEmail")} error={error}>
            <Input type="email" value={value} autoComplete="email" onChange={(e) => (setValue(e.target.value), setError(undefined))} />
          </FormField>
          <div>
            <Button type="submit" disabled={busy || !current}>
              {busy ? t("emailChange.sending") : t("emailChange.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
