import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { authClient } from "@/web/lib/auth-client";
import { authErrorMessage } from "./auth-errors";
import { VERIFIED_CALLBACK } from "./verification";

/**
 * 'Resend verification email' for an address that is not confirmed yet. The server answers the
 * same for any address and limits how often (per client address and per mailbox), so the text
 * after sending stays neutral.
 */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setSending(true);
    setError(null);
    try {
      const { error: failure } = await authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK });
      if (failure) setError(authErrorMessage(t, failure));
      setSent(!failure);
    } catch {
      setError(t("errors.unexpected"));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="grid justify-items-start gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => void resend()} disabled={sending}>
        {sending ? t("resend.sending") : t("resend.button")}
      </Button>
      <div aria-live="polite" className="text-sm">
        {sent && <p className="text-muted-foreground">{t("resend.sent", { email })}</p>}
        {error && <p className="text-destructive">{error}</p>}
      </div>
    </div>
  );
}
