import { useTranslation } from "react-i18next";
import type { IssueSeverity } from "@/shared/platform-health";
import { Badge } from "@/web/components/ui/badge";

// Spec colours, as on the project screen: critical red, high orange, medium yellow, low blue.
const severityClass: Record<IssueSeverity, string> = {
  critical: "border-transparent bg-red-600 text-white",
  high: "border-transparent bg-orange-700 text-white",
  medium: "border-transparent bg-yellow-300 text-yellow-950",
  low: "border-transparent bg-blue-600 text-white",
};

export function SeverityBadge({ severity }: { severity: IssueSeverity }) {
  const { t } = useTranslation("selfHealing");
  return <Badge className={severityClass[severity]}>{t(`issues.severity.${severity}`)}</Badge>;
}
