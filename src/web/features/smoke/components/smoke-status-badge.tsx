import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import type { SmokeRowStatus } from "../lib/smoke-rows";

const colours: Record<SmokeRowStatus, string> = {
  pending: "bg-secondary text-secondary-foreground",
  running: "bg-secondary text-secondary-foreground",
  pass: "bg-emerald-700 text-white",
  fail: "bg-destructive text-white",
  skipped: "border text-foreground",
};

export function SmokeStatusBadge({ status }: { status: SmokeRowStatus }) {
  const { t } = useTranslation("smoke");
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold", colours[status])} data-status={status}>
      {status === "running" && <Loader2 aria-hidden className="size-3 animate-spin" />}
      {t(`status.${status}`)}
    </span>
  );
}
