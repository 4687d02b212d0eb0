import { useState } from "react";
import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { ApiError } from "@/web/lib/api";
import { useFlags } from "./api/get-flags";
import { FlagRow } from "./components/flag-row";
import { FlagsAccessDenied } from "./components/flags-access-denied";
import { resetFlags } from "./flag-store";
import { useFlagOverrides } from "./use-feature-flag";
import "./flags-i18n";

export function FlagsPage() {
  const { t } = useTranslation("flags");
  const { t: tc } = useTranslation();
  const flags = useFlags();
  const overrides = useFlagOverrides();
  const [isConfirming, setConfirming] = useState(false);
  const isDenied = flags.error instanceof ApiError && flags.error.status === 403;
  const hasOverrides = Object.keys(overrides).length > 0;

  const reset = () => {
    resetFlags();
    setConfirming(false);
    toast.success(t("reset.done"));
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </div>
        {flags.data && (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <RotateCcw aria-hidden />
            {t("reset.button")}
          </Button>
        )}
      </div>
      {flags.isPending && (
        <div role="status" aria-label={t("loading")} className="grid gap-3">
          {[0, 1].map((i) => (
            <div key={i} aria-hidden className="h-24 animate-pulse rounded-xl bg-muted" />
          ))}
        </div>
      )}
      {isDenied && <FlagsAccessDenied />}
      {flags.isError && !isDenied && (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>{t("loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void flags.refetch()}>
            {tc("retry")}
          </Button>
        </Alert>
      )}
      {flags.data && (
        <>
          <p className="rounded-md border bg-muted px-4 py-3 text-sm">
            {t("browserOnly")} {!hasOverrides && t("reset.nothing")}
          </p>
          <ul aria-label={t("listLabel")} className="grid gap-3">
            {flags.data.map((flag) => (
              <FlagRow key={flag.name} flag={flag} />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={t("reset.title")}
        description={t("reset.body")}
        confirmLabel={t("reset.confirm")}
        cancelLabel={tc("cancel")}
        onConfirm={reset}
      />
    </div>
  );
}
