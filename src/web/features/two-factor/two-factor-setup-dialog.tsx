import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { FormField } from "@/web/features/auth/form-field";
import { PasswordInput } from "@/web/features/auth/password-input";
import { authClient } from "@/web/lib/auth-client";
import { RecoveryCodes } from "./recovery-codes";
import { isTotpCode, normaliseCode, twoFactorErrorMessage } from "./two-factor-errors";
import { focusOnMount } from "@/web/lib/focus-on-mount";

type Step = { name: "password" } | { name: "scan"; uri: string; codes: string[] } | { name: "codes"; codes: string[] };

/** The otpauth URI as a QR code, drawn by `qrcode` (loaded only here). */
function QrCode({ uri }: { uri: string }) {
  const { t } = useTranslation("settings");
  const [image, setImage] = useState<{ uri: string; src: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qr) => qr.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: "M" }))
      .then(
        (src) => live && setImage({ uri, src }),
        () => live && setImage({ uri, src: null }),
      );
    return () => {
      live = false;
    };
  }, [uri]);
  if (!image || image.uri !== uri) return <div className="size-48 animate-pulse rounded-md bg-muted" aria-hidden />;
  if (!image.src) return <Alert variant="destructive">{t("twoFactor.qrFailed")}</Alert>;
  return <img src={image.src} alt={t("twoFactor.qrAlt")} width={192} height={192} className="rounded-md border bg-white p-1" />;
}

/** Password, then the QR code and a first code, then the recovery codes, once. */
export function TwoFactorSetupDialog({ open, onOpenChange, email, onEnabled }: { open: boolean; onOpenChange: (open: boolean) => void; email: string; onEnabled: () => Promise<void> }) {
  const { t } = useTranslation("settings");
  const [step, setStep] = useState<Step>({ name: "password" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep({ name: "password" });
    setPassword("");
    setCode("");
    setError(null);
  };
  const change = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t("twoFactor.wrongPassword"));
    setBusy(true);
    const { data, error: failed } = await authClient.twoFactor.enable({ password });
    setBusy(false);
    if (failed || !data || !("totpURI" in data) || !data.totpURI) return setError(twoFactorErrorMessage(t, failed));
    setError(null);
    setPassword("");
    setStep({ name: "scan", uri: data.totpURI, codes: data.backupCodes ?? [] });
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== "scan") return;
    const typed = normaliseCode(code);
    if (!isTotpCode(typed)) return setError(t("twoFactor.codeInvalid"));
    setBusy(true);
    const { error: failed } = await authClient.twoFactor.verifyTotp({ code: typed });
    setBusy(false);
    if (failed) return setError(twoFactorErrorMessage(t, failed));
    setError(null);
    setStep({ name: "codes", codes: step.codes });
    toast.success(t("twoFactor.enabled"));
    await onEnabled();
  };

  const secret = step.name === "scan" ? (new URL(step.uri).searchParams.get("secret") ?? "") : "";
  // Cancel and the step's own action, under both forms.
  const stepFooter = (submit: string) => (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={() => change(false)}>
        {t("twoFactor.cancel")}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? t("twoFactor.working") : submit}
      </Button>
    </DialogFooter>
  );

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t("twoFactor.close")} aria-describedby="two-factor-setup-description">
        <DialogHeader>
          <DialogTitle>{step.name === "codes" ? t("twoFactor.codesTitle") : t("twoFactor.setupTitle")}</DialogTitle>
          <DialogDescription id="two-factor-setup-description">
            {step.name === "password" ? t("twoFactor.passwordStep") : step.name === "scan" ? t("twoFactor.scanStep") : t("twoFactor.enabled")}
          </DialogDescription>
        </DialogHeader>
        {error && <Alert variant="destructive">{error}</Alert>}
        {step.name === "password" && (
          <form onSubmit={start} noValidate className="grid gap-4">
            <FormField id="two-factor-password" label={t("twoFactor.passwordLabel")}>
              <PasswordInput value={password} autoComplete="current-password" ref={focusOnMount} onChange={(e) => (setPassword(e.target.value), setError(null))} />
            </FormField>
            {stepFooter(t("twoFactor.continue"))}
          </form>
        )}
        {step.name === "scan" && (
          <form onSubmit={confirm} noValidate className="grid gap-4">
            <div className="justify-self-center">
              <QrCode uri={step.uri} />
            </div>
            <div className="grid gap-1">
              <span className="text-sm font-medium" id="two-factor-secret-label">
                {t("twoFactor.secretLabel")}
              </span>
              <code aria-labelledby="two-factor-secret-label" className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm" data-testid="two-factor-secret">
                {secret}
              </code>
            </div>
            <FormField id="two-factor-code" label={t("twoFactor.codeLabel")}>
              <Input
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={9}
                ref={focusOnMount}
                onChange={(e) => (setCode(e.target.value), setError(null))}
              />
            </FormField>
            {stepFooter(t("twoFactor.confirm"))}
          </form>
        )}
        {step.name === "codes" && (
          <>
            <RecoveryCodes codes={step.codes} email={email} />
            <DialogFooter>
              <Button type="button" onClick={() => change(false)}>
                {t("twoFactor.savedThem")}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
