import { useTranslation } from "react-i18next";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";

// Text colours chosen for WCAG AA contrast on their own tint in both themes.
const tones = {
  connected: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  error: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  disconnected: "bg-muted text-muted-foreground",
  unknown: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100",
} as const;

/**
 * connected green, error red, disconnected grey; any status this build does not know is yellow (spec).
 * A key the server cannot test is stored as connected but shown yellow 'Untested', never as valid.
 */
export function ConnectionStatusBadge({ status, testOutcome = null }: { status: string | null; testOutcome?: string | null }) {
  const { t } = useTranslation("connections");
  if (status === null) return <Badge className={cn("border-transparent", tones.disconnected)}>{t("status.notConnected")}</Badge>;
  if (status === "connected" && testOutcome === "untested") {
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
