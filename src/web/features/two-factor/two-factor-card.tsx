import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Alert } from "@/web/components/ui/alert";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { FormField } from "@/web/features/auth/form-field";
import { PasswordInput } from "@/web/features/auth/password-input";
import { authClient } from "@/web/lib/auth-client";
import { queryClient } from "@/web/lib/query-client";
import { RecoveryCodes } from "./recovery-codes";
import { twoFactorGate } from "./two-factor-gate-store";
import { twoFactorErrorMessage } from "./two-factor-errors";
import { TwoFactorSetupDialog } from "./two-factor-setup-dialog";

type Confirming = "disable" | "regenerate" | null;

/** Security tab: two-factor sign-in on or off, and new recovery codes; every change asks for the password. */
export function TwoFactorCard() {
  const { t } = useTranslation("settings");
  const session = authClient.useSession();
  const user = session.data?.user;
  const isOn = user?.twoFactorEnabled === true;
  const [setupOpen, setSetupOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const refreshAccess = async () => {
    await session.refetch();
    // Whatever the organisation refused for want of two-factor may be allowed now.
    twoFactorGate.clear();
    await queryClient.invalidateQueries();
  };

  const closeConfirm = (open: boolean) => {
    if (open) return;
    setConfirming(null);
    setPassword("");
    setError(null);
  };

  const run = async () => {
    if (!confirming) return;
    setBusy(true);
    if (confirming === "disable") {
      const { error: failed } = await authClient.twoFactor.disable({ password });
      setBusy(false);
      if (failed) return setError(twoFactorErrorMessage(t, failed));
      toast.success(t("twoFactor.disabled"));
      closeConfirm(false);
      await session.refetch();
      return;
    }
    const { data, error: failed } = await authClient.twoFactor.generateBackupCodes({ password });
    setBusy(false);
    if (failed || !data) return setError(twoFactorErrorMessage(t, failed));
    closeConfirm(false);
    setNewCodes(data.backupCodes);
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">{t("twoFactor.title")}</CardTitle>
          {user && <Badge variant={isOn ? "default" : "secondary"}>{isOn ? t("twoFactor.statusOn") : t("twoFactor.statusOff")}</Badge>}
        </div>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {!isOn && (
          <Button type="button" onClick={() => setSetupOpen(true)} disabled={!user}>
            <ShieldCheck aria-hidden />
            {t("twoFactor.enable")}
          </Button>
        )}
        {isOn && (
          <>
            <Button type="button" variant="outline" onClick={() => setConfirming("regenerate")}>
              {t("twoFactor.regenerate")}
            </Button>
            <Button type="button" variant="destructive" onClick={() => setConfirming("disable")}>
              {t("twoFactor.disable")}
            </Button>
          </>
        )}
      </CardContent>
      {setupOpen && <TwoFactorSetupDialog open={setupOpen} onOpenChange={setSetupOpen} email={user?.email ?? ""} onEnabled={refreshAccess} />}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={closeConfirm}
        title={confirming === "regenerate" ? t("twoFactor.regenerateTitle") : t("twoFactor.disableTitle")}
        description={confirming === "regenerate" ? t("twoFactor.regenerateBody") : t("twoFactor.disableBody")}
        confirmLabel={busy ? t("twoFactor.working") : confirming === "regenerate" ? t("twoFactor.regenerateConfirm") : t("twoFactor.disable")}
        cancelLabel={t("twoFactor.cancel")}
        destructive={confirming === "disable"}
        busy={busy || !password}
        onConfirm={() => void run()}
      >
        <div className="grid gap-3">
          {error && <Alert variant="destructive">{error}</Alert>}
          <FormField id="two-factor-confirm-password" label={t("twoFactor.passwordLabel")}>
            <PasswordInput value={password} autoComplete="current-password" onChange={(e) => (setPassword(e.target.value), setError(null))} />
          </FormField>
        </div>
      </ConfirmDialog>
      <Dialog open={newCodes !== null} onOpenChange={(open) => !open && setNewCodes(null)}>
        <DialogContent closeLabel={t("twoFactor.close")}>
          <DialogHeader>
            <DialogTitle>{t("twoFactor.codesTitle")}</DialogTitle>
            <DialogDescription>{t("twoFactor.regenerateBody")}</DialogDescription>
          </DialogHeader>
          {newCodes && <RecoveryCodes codes={newCodes} email={user?.email ?? ""} />}
          <DialogFooter>
            <Button type="button" onClick={() => setNewCodes(null)}>
              {t("twoFactor.savedThem")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
