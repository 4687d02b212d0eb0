import { useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { signInInput, signUpInput } from "@/shared/auth-forms";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { FullPageSpinner } from "@/web/components/ui/spinner";
import { appName } from "@/web/lib/app-name";
import { authClient } from "@/web/lib/auth-client";
import { authErrorMessage } from "./auth-errors";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { FormField } from "./form-field";
import { PasswordInput } from "./password-input";
import { takeReturnTo } from "./return-to";

type Mode = "signIn" | "signUp";
type Field = "email" | "password" | "name";

export function AuthPage() {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const session = authClient.useSession();
  const [mode, setMode] = useState<Mode>("signIn");
  const [values, setValues] = useState({ email: "", password: "", name: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  if (session.isPending) return <FullPageSpinner label={tc("loading")} />;
  if (session.data && !busy) return <Navigate to={takeReturnTo()} replace />;

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const toggleMode = () => {
    setMode((m) => (m === "signIn" ? "signUp" : "signIn"));
    setErrors({});
    setFormError(null);
    setValues((v) => ({ ...v, password: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = mode === "signIn" ? signInInput.safeParse(values) : signUpInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= t(issue.message as "validation.emailRequired");
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      if (mode === "signIn") await signIn(parsed.data);
      else await signUp({ name: "", ...parsed.data });
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (input: { email: string; password: string }) => {
    try {
      const { error } = await authClient.signIn.email(input);
      if (error) {
        setFormError(authErrorMessage(t, error));
        toast.error(t("toasts.signInFailed"));
        return;
      }
      toast.success(t("toasts.signedIn"));
      navigate(takeReturnTo(), { replace: true });
    } catch {
      setFormError(t("errors.unexpected"));
      toast.error(t("toasts.signInException"));
    }
  };

  const signUp = async (input: { email: string; password: string; name: string }) => {
    try {
      const { error } = await authClient.signUp.email({ ...input, callbackURL: "/" });
      if (error) {
        setFormError(authErrorMessage(t, error));
        toast.error(t("toasts.signUpFailed"));
        return;
      }
      toast.success(t("toasts.signUpSuccess"));
      setMode("signIn");
      setValues((v) => ({ ...v, password: "" }));
    } catch {
      setFormError(t("errors.unexpected"));
      toast.error(t("toasts.signUpException"));
    }
  };

  const isSignUp = mode === "signUp";
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <Link to="/" className="mb-2 text-sm font-semibold text-primary">
            {appName()}
          </Link>
          <CardTitle>
            <h1>{isSignUp ? t("signUpTitle") : t("signInTitle")}</h1>
          </CardTitle>
          <CardDescription>{isSignUp ? t("signUpSubtitle", { app: appName() }) : t("signInSubtitle")}</CardDescription>
        </CardHeader>
        <form onSubmit={submit} noValidate>
          <CardContent className="grid gap-4">
            {formError && <Alert variant="destructive">{formError}</Alert>}
            {isSignUp && (
              <FormField id="name" label={t("fullName")} error={errors.name}>
                <Input autoComplete="name" placeholder={t("fullNamePlaceholder")} value={values.name} onChange={(e) => change("name", e.target.value)} />
              </FormField>
            )}
            <FormField id="email" label={t("email")} error={errors.email}>
              <Input type="email" autoComplete="email" placeholder={t("emailPlaceholder")} value={values.email} onChange={(e) => change("email", e.target.value)} />
            </FormField>
            <FormField id="password" label={t("password")} error={errors.password}>
              <PasswordInput
                autoComplete={isSignUp ? "new-password" : "current-password"}
                placeholder={t("passwordPlaceholder")}
                value={values.password}
                onChange={(e) => change("password", e.target.value)}
              />
            </FormField>
            {!isSignUp && (
              <button type="button" className="justify-self-end text-sm text-primary underline-offset-4 hover:underline" onClick={() => setForgotOpen(true)}>
                {t("forgotPassword")}
              </button>
            )}
          </CardContent>
          <CardFooter className="flex-col gap-3">
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? (isSignUp ? t("creatingAccount") : t("signingIn")) : isSignUp ? t("signUp") : t("signIn")}
            </Button>
            <Button type="button" variant="link" onClick={toggleMode}>
              {isSignUp ? t("toSignIn") : t("toSignUp")}
            </Button>
          </CardFooter>
        </form>
      </Card>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={values.email} />
    </main>
  );
}
