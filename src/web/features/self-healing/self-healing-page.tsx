import { HeartPulse } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlatformIssue, PlatformScan } from "@/shared/platform-health";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useOrg } from "@/web/features/organisations/org-context";
import { useCan } from "@/web/features/organisations/use-can";
import { useHealingConfig } from "./api/get-healing-config";
import { usePlatformScans } from "./api/get-platform-scans";
import { AutoRepairForm } from "./components/auto-repair-form";
import { CheckList } from "./components/check-list";
import { HealthSummary } from "./components/health-summary";
import { IssueList } from "./components/issue-list";
import { ScanHistory } from "./components/scan-history";
import { useScheduledAlertToast, useSelfHealingActions } from "./use-self-healing-actions";
import "./self-healing-i18n";

/** /app/self-healing (spec: Self-Healing System page): owners only, and the server refuses anyone else. */
export function SelfHealingPage() {
  const { t } = useTranslation("selfHealing");
  const { isLoading, error } = useOrg();
  const isOwner = useCan("health.scan");
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <HeartPulse aria-hidden className="size-6" />
          {t("title")}
        </h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {isLoading ? (
        <p role="status" className="text-muted-foreground">
          {t("checkingPermissions")}
        </p>
      ) : isOwner && !error ? (
        <SelfHealing />
      ) : (
        // A failed lookup denies (spec §6).
        <OwnerOnlyNote>{t("denied")}</OwnerOnlyNote>
      )}
    </div>
  );
}

// Membership repairs change who belongs to the organisation: asked first.
const asksFirst = (issue: PlatformIssue) => issue.type === "membership";

function SelfHealing() {
  const { t } = useTranslation("selfHealing");
  const { t: tc } = useTranslation();
  const scans = usePlatformScans(true);
  const config = useHealingConfig(true);
  const latest: PlatformScan | undefined = scans.data?.[0];
  const actions = useSelfHealingActions(latest);
  const [confirming, setConfirming] = useState<PlatformIssue | null>(null);
  useScheduledAlertToast(scans.data);

  if (scans.isPending || config.isPending) return <Spinner label={t("loading")} />;
  if (scans.isError || config.isError) {
    return (
      <LoadFailed
        message={t("loadFailed")}
        onRetry={() => {
          void scans.refetch();
          void config.refetch();
        }}
      />
    );
  }
  const onFix = (issue: PlatformIssue) => (asksFirst(issue) ? setConfirming(issue) : actions.fix(issue));
  return (
    <>
      <div className="grid gap-3">
        <div>
          <Button onClick={actions.scan} disabled={actions.isScanning}>
            {actions.isScanning ? t("scanning") : t("runScan")}
          </Button>
        </div>
        {actions.isScanning && (
          // The checks run on the server in one request: how far along is not known, so the bar says busy, not a percentage.
          <div role="progressbar" aria-label={t("scanProgress")} aria-busy="true" className="relative h-2 w-full overflow-hidden rounded-full bg-muted">
            <div className="absolute inset-y-0 w-1/3 animate-pulse rounded-full bg-primary" />
          </div>
        )}
      </div>
      <HealthSummary scan={latest} config={config.data} />
      {latest && latest.checks.length > 0 && <CheckList checks={latest.checks} />}
      {latest && <IssueList issues={latest.issues} busyIssueId={actions.busyIssueId} onFix={onFix} onManualFix={actions.dispatch} />}
      <AutoRepairForm config={config.data} isSaving={actions.isSaving} onSave={actions.save} />
      <ScanHistory scans={scans.data} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("confirm.title")}
        description={confirming ? t(`confirm.${confirming.code === "members_cannot_sign_in" ? "removeMembers" : "membership"}`, { description: confirming.description }) : ""}
        confirmLabel={t("issues.fix")}
        cancelLabel={tc("cancel")}
        onConfirm={() => {
          if (confirming) actions.fix(confirming);
          setConfirming(null);
        }}
      />
    </>
  );
}
