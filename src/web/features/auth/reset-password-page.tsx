import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { resetPasswordInput } from "@/shared/auth-forms";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { authClient } from "@/web/lib/auth-client";
import { authErrorMessage } from "./auth-errors";
import { FormField } from "./form-field";
import { PasswordInput } from "./password-input";

type Field = "password" | "confirm";

export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(linkError ? t("errors.invalidToken") : null);
  const [busy, setBusy] = useState(false);

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
