import { useTranslation } from "react-i18next";
import type { PlatformScan } from "@/shared/platform-health";
import { Badge } from "@/web/components/ui/badge";

const statusClass: Record<PlatformScan["status"], string> = {
  healthy: "border-transparent bg-green-700 text-white",
  warning: "border-transparent bg-orange-700 text-white",
  critical: "border-transparent bg-red-600 text-white",
  running: "",
  failed: "border-transparent bg-red-600 text-white",
};

/** The scan's own verdict, in upper case as the spec's report cards show it. */
export function ScanStatusBadge({ status }: { status: PlatformScan["status"] }) {
  const { t } = useTranslation("selfHealing");
  return (
    <Badge className={statusClass[status]} data-status={status}>
      {t(`summary.status.${status}`)}
    </Badge>
  );
}
