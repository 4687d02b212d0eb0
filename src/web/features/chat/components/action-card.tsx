import { useState } from "react";
import { CheckCircle2, CircleAlert, CircleHelp, CircleSlash, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { ChatAction } from "@/shared/chat";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";

const icons = { done: CheckCircle2, confirmed: CheckCircle2, needs_confirmation: CircleHelp, cancelled: CircleSlash, failed: CircleAlert };

type Props = { action: ChatAction; onDecide?: (decision: "confirm" | "cancel") => Promise<void> };

/** What a tool did, with a link to what changed; a proposed destructive action asks first. */
export function ActionCard({ action, onDecide }: Props) {
  const { t } = useTranslation("chat");
  const { t: tc } = useTranslation();
  const [busy, setBusy] = useState(false);
  const Icon = icons[action.state];
  const decide = async (decision: "confirm" | "cancel") => {
    if (!onDecide) return;
    setBusy(true);
    try {
      await onDecide(decision);
    } catch (e) {
      toast.error(tc("error"), { description: `${t("action.decideFailed", { decision: t(decision === "confirm" ? "action.confirmed" : "action.cancelledVerb") })} ${errorMessage(e, tc)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-action={action.tool} data-state={action.state} className="grid gap-1 rounded-md border bg-background p-3 text-sm">
      <div className="flex items-start gap-2">
        <Icon aria-hidden className={action.state === "failed" ? "mt-0.5 size-4 text-destructive" : "mt-0.5 size-4 text-muted-foreground"} />
        <div className="grid gap-0.5">
          <span className="font-medium">{action.title}</span>
          {action.detail && <span className="text-muted-foreground">{action.detail}</span>}
          <span className="text-xs text-muted-foreground">{t(`action.states.${action.state}`)}</span>
        </div>
      </div>
      {action.href && (
        <Link to={action.href} className="inline-flex items-center gap-1 justify-self-start text-primary underline-offset-4 hover:underline">
          <ExternalLink aria-hidden className="size-3.5" />
          {t("action.open")} <span className="sr-only">{action.title}</span>
        </Link>
      )}
      {action.state === "needs_confirmation" && (
        <div className="flex gap-2 pt-1">
          <Button size="sm" variant="destructive" disabled={!onDecide || busy} onClick={() => void decide("confirm")}>
            {t("action.confirm")}
          </Button>
          <Button size="sm" variant="outline" disabled={!onDecide || busy} onClick={() => void decide("cancel")}>
            {t("action.cancel")}
          </Button>
        </div>
      )}
    </div>
  );
}
