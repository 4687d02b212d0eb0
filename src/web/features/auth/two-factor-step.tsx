import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { CardContent, CardFooter } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { AUTH_ERROR_CODES } from "@/shared/constants";
import { authClient } from "@/web/lib/auth-client";
import { FormField } from "./form-field";
import { focusOnMount } from "@/web/lib/focus-on-mount";

type Failure = { code?: string; status?: number } | null | undefined;
/** The challenge is spent (5 wrong codes) or expired (10 minutes): only a new password step helps. */
const challengeOver = new Set(["TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", "INVALID_TWO_FACTOR_COOKIE"]);

/** After the password, when two-factor is on: the app's 6-digit code, or one recovery code. */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const { t } = useTranslation("auth");
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);

  const messageOf = (failure: Failure) => {
    if (failure?.code && challengeOver.has(failure.code)) return t("twoFactor.challengeOver");
    if (failure?.code === "ACCOUNT_TEMPORARILY_LOCKED") return t("twoFactor.locked");
    if (failure?.status === 429) return t("twoFactor.rateLimited");
    if (failure?.code === "INVALID_BACKUP_CODE") return t("twoFactor.wrongRecoveryCode");
    if (failure?.code === "INVALID_CODE") return t("twoFactor.wrongCode");
    if (failure?.code === AUTH_ERROR_CODES.totpCodeUsed) return t("twoFactor.codeUsed");
    return t("errors.fallback");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = useRecovery ? code.trim() : code.replace(/[\s-]/g, "");
    if (useRecovery ? !typed : !/^\d{6}$/.test(typed)) return setError(useRecovery ? t("twoFactor.recoveryRequired") : t("twoFactor.codeInvalid"));
    setBusy(true);
    try {
      const { error: failed } = useRecovery ? await authClient.twoFactor.verifyBackupCode({ code: typed }) : await authClient.twoFactor.verifyTotp({ code: typed });
      if (!failed) return onSignedIn();
      setError(messageOf(failed));
      if (failed.code && challengeOver.has(failed.code)) setOver(true);
      setCode("");
    } catch {
      setError(t("errors.unexpected"));
    } finally {
      setBusy(false);
    }
  };

  const switchMethod = () => {
    setUseRecovery((v) => !v);
    setCode("");
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-heading">
      <CardContent className="grid gap-4">
        <h2 id="two-factor-heading" className="text-base font-semibold">
          {t("twoFactor.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{useRecovery ? t("twoFactor.recoveryHelp") : t("twoFactor.codeHelp")}</p>
        {error && <Alert variant="destructive">{error}</Alert>}
        {!over && (
          <FormField id={useRecovery ? "recovery-code" : "totp-code"} label={useRecovery ? t("twoFactor.recoveryLabel") : t("twoFactor.codeLabel")}>
            <Input
              key={useRecovery ? "recovery" : "totp"}
              value={code}
              ref={focusOnMount}
              autoComplete={useRecovery ? "off" : "one-time-code"}
              inputMode={useRecovery ? "text" : "numeric"}
              spellCheck={false}
              maxLength={useRecovery ? 64 : 9}
              onChange={(e) => (setCode(e.target.value), setError(null))}
            />
          </FormField>
        )}
      </CardContent>
      <CardFooter className="flex-col gap-3">
        {over ? (
          <Button type="button" className="w-full" onClick={onRestart}>
            {t("twoFactor.restart")}
          </Button>
        ) : (
          <>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? t("twoFactor.verifying") : t("twoFactor.verify")}
            </Button>
            <Button type="button" variant="link" onClick={switchMethod}>
              {useRecovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
            </Button>
            <Button type="button" variant="link" onClick={onRestart}>
              {t("twoFactor.back")}
            </Button>
          </>
        )}
      </CardFooter>
    </form>
  );
}
