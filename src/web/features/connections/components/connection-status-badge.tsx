import { useTranslation } from "react-i18next";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";
import { isVerifiedConnection } from "../lib/connection-state";

// Text colours chosen for WCAG AA contrast on their own tint in both themes.
const tones = {
  connected: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  error: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  disconnected: "bg-muted text-muted-foreground",
  unknown: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100",
  enabled: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
} as const;

/**
 * connected green, error red, disconnected grey; any status this build does not know is yellow (spec).
 * A key the server cannot test is stored as connected but shown yellow 'Untested', never as valid.
 */
export function ConnectionStatusBadge({ status, testOutcome = null, switchOnly = false }: { status: string | null; testOutcome?: string | null; switchOnly?: boolean }) {
  const { t } = useTranslation("connections");
  if (status === null) return <Badge className={cn("border-transparent", tones.disconnected)}>{t("status.notConnected")}</Badge>;
  if (status === "connected" && !isVerifiedConnection({ status, test_outcome: testOutcome }, switchOnly)) {
    // An integration switched on without credentials that passed a test is enabled, not connected.
    if (switchOnly) {
      return (
        <Badge className={cn("border-transparent", tones.enabled)} data-status="enabled">
          {t("status.enabled")}
        </Badge>
      );
    }
    return (
      <Badge className={cn("border-transparent", tones.unknown)} data-status="untested">
        {t("status.untested")}
      </Badge>
    );
  }
  const known = status === "connected" || status === "error" || status === "disconnected" ? status : null;
  return (
    <Badge className={cn("border-transparent", tones[known ?? "unknown"])} data-status={status}>
      {known ? t(`status.${known}`) : t("status.unknown", { status })}
    </Badge>
  );
}
