import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { forgotPasswordInput } from "@/shared/auth-forms";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { authClient } from "@/web/lib/auth-client";
import { authErrorMessage } from "./auth-errors";
import { FormField } from "./form-field";

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: { open: boolean; onOpenChange: (open: boolean) => void; initialEmail: string }) {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setError(undefined);
      setFormError(null);
    }
  }, [open, initialEmail]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordInput.safeParse({ email });
    if (!parsed.success) return setError(t(parsed.error.issues[0]!.message as "validation.emailRequired"));
    setBusy(true);
    try {
      const { error: failure } = await authClient.requestPasswordReset({ email: parsed.data.email, redirectTo: "/auth/reset-password" });
      if (failure) return setFormError(authErrorMessage(t, failure));
      toast.success(t("toasts.resetRequested"));
      onOpenChange(false);
    } catch {
      setFormError(t("errors.unexpected"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{t("forgot.title")}</DialogTitle>
          <DialogDescription>{t("forgot.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {formError && <Alert variant="destructive">{formError}</Alert>}
          <FormField id="forgot-email" label={t("email")} error={error}>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
                setFormError(null);
              }}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t("forgot.sending") : t("forgot.send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
