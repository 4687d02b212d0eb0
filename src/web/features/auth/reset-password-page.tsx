import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { resetPasswordInput } from "@/shared/auth-forms";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { authClient } from "@/web/lib/auth-client";
import { authErrorMessage } from "./auth-errors";
import { FormField } from "./form-field";
import { PasswordInput } from "./password-input";

type Field = "password" | "confirm";

/** The mailed link carries the token in the fragment (#token=...), which no server or log sees. */
const tokenInFragment = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token");

export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const location = useLocation();
  const [token, setToken] = useState(() => tokenInFragment(location.hash));
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Once read, the token leaves the address bar and the history entry; the page keeps it in memory.
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location, navigate]);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    const parsed = resetPasswordInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= t(issue.message as "validation.passwordMin");
      return setErrors(next);
    }
    setBusy(true);
    try {
      const { error } = await authClient.resetPassword({ newPassword: parsed.data.password, token });
      // A used or expired link cannot be retried: show the way to ask for a new one instead of the form.
      if (error?.code === "INVALID_TOKEN") setToken(null);
      if (error) return setFormError(authErrorMessage(t, error));
      toast.success(t("toasts.passwordReset"));
      navigate("/auth", { replace: true });
    } catch {
      setFormError(t("errors.unexpected"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>{t("reset.title")}</h1>
          </CardTitle>
          <CardDescription>{t("reset.description")}</CardDescription>
        </CardHeader>
        {!token ? (
          <CardContent className="grid gap-4">
            <Alert variant="destructive">{formError ?? t("reset.missingToken")}</Alert>
            <Button asChild variant="outline">
              <Link to="/auth">{t("reset.requestNew")}</Link>
            </Button>
          </CardContent>
        ) : (
          <form onSubmit={submit} noValidate>
            <CardContent className="grid gap-4">
              {formError && <Alert variant="destructive">{formError}</Alert>}
              <FormField id="new-password" label={t("reset.newPassword")} error={errors.password}>
                <PasswordInput autoComplete="new-password" value={values.password} onChange={(e) => change("password", e.target.value)} />
              </FormField>
              <FormField id="confirm-password" label={t("reset.confirmPassword")} error={errors.confirm}>
                <PasswordInput autoComplete="new-password" value={values.confirm} onChange={(e) => change("confirm", e.target.value)} />
              </FormField>
            </CardContent>
            <CardFooter>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? t("reset.submitting") : t("reset.submit")}
              </Button>
            </CardFooter>
          </form>
        )}
      </Card>
    </main>
  );
}
