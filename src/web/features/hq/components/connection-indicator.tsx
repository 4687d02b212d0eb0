import { CheckCircle2, CircleSlash, Loader2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import type { HqConnection } from "../lib/hq-messages";

const look: Record<HqConnection, string> = {
  testing: "border-border text-muted-foreground",
  connected: "border-green-600/40 bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200",
  error: "border-destructive/50 bg-destructive/10 text-destructive dark:text-red-300",
  unconfigured: "border-border bg-muted text-muted-foreground",
};

/** The switchboard's state as a labelled pill; changes are announced politely. */
export function ConnectionIndicator({ connection }: { connection: HqConnection }) {
  const { t } = useTranslation("hq");
  const Icon = connection === "testing" ? Loader2 : connection === "connected" ? CheckCircle2 : connection === "unconfigured" ? CircleSlash : XCircle;
  const state = t(`connection.${connection}`);
  return (
    <p role="status" aria-label={t("connection.label", { state })} data-state={connection} className={cn("inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium", look[connection])}>
      <Icon aria-hidden className={cn("size-4", connection === "testing" && "animate-spin")} />
      {state}
    </p>
  );
}
