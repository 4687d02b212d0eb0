import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { signInInput, signUpInput } from "@/shared/auth-forms";
import { lazyComponent } from "@/web/app/lazy-page";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { FullPageSpinner } from "@/web/components/ui/spinner";
import { appName } from "@/web/lib/app-name";
import { authClient } from "@/web/lib/auth-client";
import { useFirstSession } from "@/web/lib/use-first-session";
import { isReturnPath, takeReturnTo } from "@/web/lib/return-to";
import { authErrorMessage } from "./auth-errors";
import { FormField } from "./form-field";
import { isPrerendering, takeStaticForm, useStaticTakeover } from "./static-form";
import { PasswordInput } from "./password-input";
import { ResendVerification } from "./resend-verification";
import { TwoFactorStep } from "./two-factor-step";
import { VERIFIED_CALLBACK, verificationNotice } from "./verification";
import { currentLanguage } from "@/web/i18n/language";

// Only opened by a few: its dialog code loads on the first click.
const ForgotPasswordDialog = lazyComponent(() => import("./forgot-password-dialog"), (m) => m.ForgotPasswordDialog);

type Field = "email" | "password" | "name";
/** Waiting for a confirmation: just signed up, or refused sign-in because the address is unconfirmed. */
type Pending = { email: string; reason: "signedUp" | "unconfirmed" } | null;

export function AuthPage() {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const session = useFirstSession();
  // The mode lives in the address: 'Start Free Trial' links to ?mode=sign-up, and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const isSignUp = params.get("mode") === "sign-up";
  const notice = verificationNotice(params);
  // api() sends an expired session here with ?reason=expired&returnTo=/app/…; takeReturnTo checks it is ours.
  const returnTo = params.get("returnTo");
  const isExpired = params.get("reason") === "expired";
  // Set by Settings after the account was erased: the last word the person reads from us.
  const wasDeleted = params.get("deleted") === "1";
  // Over the prerendered form (static-form.ts): what was typed there, and no spinner while the
  // session is asked (that page is only served without the signed-in hint; a session found still redirects).
  const [fromStatic] = useState(takeStaticForm);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => fromStatic?.values ?? { email: "", password: "", name: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [forgotOpened, setForgotOpened] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // The password was right and two-factor is on: the code step replaces the form.
  const [challenged, setChallenged] = useState(false);

  // The confirmation link signed them in: say so on the way to the app.
  const confirmedWithSession = notice === "confirmed" && Boolean(session.data);
  useEffect(() => {
    if (confirmedWithSession) toast.success(t("toasts.emailConfirmed"), { id: "email-confirmed" });
  }, [confirmedWithSession, t]);

  useStaticTakeover(fromStatic, formRef);

  if (session.isPending && !fromStatic && !isPrerendering()) return <FullPageSpinner label={tc("loading")} />;
  if (session.data && !busy) return <Navigate to={takeReturnTo(returnTo)} replace />;

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
    if (pending?.reason === "unconfirmed") setPending(null);
  };

  const showMode = (signUp: boolean) => setParams(signUp ? { mode: "sign-up" } : returnTo ? { returnTo } : {}, { replace: true });

  const toggleMode = () => {
    showMode(!isSignUp);
    setErrors({});
    setFormError(null);
    setPending(null);
    setValues((v) => ({ ...v, password: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = isSignUp ? signUpInput.safeParse(values) : signInInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= t(issue.message as "validation.emailRequired");
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      if (isSignUp) await signUp({ name: "", ...parsed.data });
      else await signIn(parsed.data);
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (input: { email: string; password: string }) => {
    try {
      const { data, error } = await authClient.signIn.email(input);
      if (!error && data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        setChallenged(true);
        return;
      }
      if (error) {
        setFormError(authErrorMessage(t, error));
        if (error.code === "EMAIL_NOT_VERIFIED") setPending({ email: input.email, reason: "unconfirmed" });
        toast.error(t("toasts.signInFailed"));
        return;
      }
      toast.success(t("toasts.signedIn"));
      navigate(takeReturnTo(returnTo), { replace: true });
    } catch {
      setFormError(t("errors.unexpected"));
      toast.error(t("toasts.signInException"));
    }
  };

  const signUp = async (input: { email: string; password: string; name: string }) => {
    try {
      // The confirmation link brings them back where they were going (an invitation), even in another tab.
      const callbackURL = isReturnPath(returnTo) ? `${VERIFIED_CALLBACK}&${new URLSearchParams({ returnTo })}` : VERIFIED_CALLBACK;
      // The language the page is in: the confirmation mail is written in it (server/mail/mail-text.ts).
      const { error } = await authClient.signUp.email({ ...input, callbackURL, locale: currentLanguage() });
      if (error) {
        setFormError(authErrorMessage(t, error));
        toast.error(t("toasts.signUpFailed"));
        return;
      }
      toast.success(t("toasts.signUpSuccess"));
      showMode(false);
      setPending({ email: input.email, reason: "signedUp" });
      setValues((v) => ({ ...v, password: "" }));
    } catch {
      setFormError(t("errors.unexpected"));
      toast.error(t("toasts.signUpException"));
    }
  };

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
        {challenged && !isSignUp ? (
          <TwoFactorStep
            onSignedIn={() => {
              toast.success(t("toasts.signedIn"));
              navigate(takeReturnTo(returnTo), { replace: true });
            }}
            onRestart={() => {
              setChallenged(false);
              setValues((v) => ({ ...v, password: "" }));
            }}
          />
        ) : (
          <form ref={formRef} onSubmit={submit} noValidate>
            <CardContent className="grid gap-4">
              {isExpired && !isSignUp && !formError && <Alert role="status">{tc("session.expired")}</Alert>}
              {wasDeleted && !formError && <Alert role="status">{t("accountDeleted")}</Alert>}
              {notice && !pending && !formError && (
                <Alert role="status" variant={notice === "linkFailed" ? "destructive" : "default"}>
                  {notice === "linkFailed" ? t("verify.linkFailed") : t("verify.confirmed")}
                </Alert>
              )}
              {pending?.reason === "signedUp" && <Alert role="status">{t("verify.checkInbox", { email: pending.email })}</Alert>}
              {formError && <Alert variant="destructive">{formError}</Alert>}
              {pending && <ResendVerification email={pending.email} />}
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
                <button
                  type="button"
                  className="justify-self-end text-sm text-primary underline-offset-4 hover:underline"
                  onClick={() => {
                    setForgotOpened(true);
                    setForgotOpen(true);
                  }}
                >
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
        )}
      </Card>
      {forgotOpened && <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={values.email} />}
    </main>
  );
}
