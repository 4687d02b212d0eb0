import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { HealingConfigFields, PlatformIssue, PlatformScan } from "@/shared/platform-health";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { healthKeys } from "./api/health-keys";
import { useFixIssue, useManualFix, useRunScan, useSaveHealingConfig } from "./api/mutate-platform-health";

/** The page's writes with the spec's toasts: Run Scan, Fix, Manual Fix and saving the settings. */
export function useSelfHealingActions(latest: PlatformScan | undefined) {
  const { t } = useTranslation("selfHealing");
  const { t: tc } = useTranslation();
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const runScan = useRunScan();
  const fixIssue = useFixIssue();
  const manualFix = useManualFix();
  const saveConfig = useSaveHealingConfig();
  const [busyIssueId, setBusyIssueId] = useState<string | null>(null);

  const scan = useCallback(() => {
    runScan.mutate(undefined, {
      onSuccess: ({ scan: done }) => {
        const description = t("toasts.scanCompleteBody", { count: done.issues.length, status: t(`summary.status.${done.status}`) });
        if (done.status === "healthy") toast.success(t("toasts.scanComplete"), { description });
        else toast.warning(t("toasts.scanComplete"), { description });
      },
      onError: (error) => toast.error(t("toasts.scanError"), { description: errorMessage(error, tc, { fallback: t("toasts.scanError") }) }),
    });
  }, [runScan, t, tc]);

  const fix = useCallback(
    (issue: PlatformIssue) => {
      if (!latest) return;
      setBusyIssueId(issue.id);
      fixIssue.mutate(
        { scanId: latest.id, issueId: issue.id },
        {
          onSuccess: ({ scan: after }) => {
            const result = after.issues.find((i) => i.id === issue.id);
            if (result?.fix_applied) toast.success(t("toasts.fixDone"), { description: result.fix_result ?? undefined });
            else toast.warning(t("toasts.fixNotApplied"), { description: result?.fix_result ?? undefined });
          },
          onError: (error) => toast.error(t("toasts.fixFailed"), { description: errorMessage(error, tc, { fallback: t("toasts.fixFailed"), isWrite: true }) }),
          onSettled: () => setBusyIssueId(null),
        },
      );
    },
    [fixIssue, latest, t, tc],
  );

  const dispatch = useCallback(
    (issue: PlatformIssue) => {
      if (!latest) return;
      setBusyIssueId(issue.id);
      manualFix.mutate(
        { scanId: latest.id, issueId: issue.id },
        {
          onSuccess: () => toast.success(t("toasts.manualFixInitiated"), { description: t("toasts.manualFixBody") }),
          onError: (error) => toast.error(t("toasts.manualFixFailed"), { description: errorMessage(error, tc, { fallback: t("toasts.manualFixFailed"), isWrite: true }) }),
          onSettled: () => setBusyIssueId(null),
        },
      );
    },
    [latest, manualFix, t, tc],
  );

  const save = useCallback(
    (fields: HealingConfigFields, version: number) => {
      saveConfig.mutate(
        { ...fields, version },
        {
          onSuccess: () => toast.success(t("config.saved")),
          onError: (error) => {
            // Someone saved first: show theirs (the refetch replaces the form) and say so.
            if (error instanceof ApiError && error.status === 409) {
              void queryClient.invalidateQueries({ queryKey: healthKeys.config(orgId) });
              return toast.error(t("config.saveFailed"), { description: t("config.stale") });
            }
            toast.error(t("config.saveFailed"), { description: errorMessage(error, tc, { fallback: t("config.saveFailed"), isWrite: true }) });
          },
        },
      );
    },
    [orgId, queryClient, saveConfig, t, tc],
  );

  return { scan, isScanning: runScan.isPending, fix, dispatch, busyIssueId, save, isSaving: saveConfig.isPending };
}

/**
 * 'System Issue Detected' when a scheduled scan that alerts arrives while the page is open (the
 * live feed refetches the scans). Scans already there when the page opened do not toast.
 */
export function useScheduledAlertToast(scans: PlatformScan[] | undefined) {
  const { t } = useTranslation("selfHealing");
  const seen = useRef<string | null | undefined>(undefined);
  const latest = scans?.[0];
  useEffect(() => {
    if (scans === undefined) return;
    const id = latest?.id ?? null;
    if (seen.current === undefined) {
      seen.current = id;
      return;
    }
    if (!latest || id === seen.current || latest.status === "running") return;
    seen.current = id;
    if (!latest.alert) return;
    const top = latest.issues.find((i) => i.fix_applied !== true);
    toast.error(t("toasts.issueDetected"), { description: top?.description });
  }, [scans, latest, t]);
}
