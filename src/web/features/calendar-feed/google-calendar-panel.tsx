import "./calendar-feed-i18n";
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { googleCalendarOutcomes, type GoogleCalendarOutcome, type GoogleCalendarStatus } from "@/shared/google-calendar";
import { Badge } from "@/web/components/ui/badge";
import { buttonClass, Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { api } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { toast } from "@/web/lib/toast";

const PATH = "/api/v1/me/google-calendar";
const KEY = ["account", "google-calendar"] as const;

/**
 * The Calendar card's Google part: the user's own Google Calendar through OAuth. "Connected" only
 * once the server read the user's primary calendar with the tokens; "Reconnect" when Google took
 * access back; nothing to press when the operator set no OAuth client. Google sends the browser
 * back here with `?google_calendar=<outcome>`, said once as a toast and then taken off the address.
 */
export function GoogleCalendarPanel() {
  const { t } = useTranslation("calendarFeed");
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: async () => (await api<{ google_calendar: GoogleCalendarStatus }>(PATH)).google_calendar });
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: async () => (await api<{ google_calendar: GoogleCalendarStatus }>(PATH, { method: "DELETE" })).google_calendar,
    onSuccess: (next) => {
      client.setQueryData(KEY, next);
      toast.success(t("google.disconnected"));
      setConfirming(false);
    },
    onError: (e) => toast.error(errorMessage(e, tc, { isWrite: true })),
  });

  const outcome = params.get("google_calendar");
  useEffect(() => {
    if (!outcome) return;
    const known = (googleCalendarOutcomes as readonly string[]).includes(outcome) ? (outcome as GoogleCalendarOutcome) : null;
    if (known === "connected") toast.success(t("google.outcomes.connected"));
    else if (known) toast.error(t(`google.outcomes.${known}`));
    void client.invalidateQueries({ queryKey: KEY });
    const next = new URLSearchParams(params);
    next.delete("google_calendar");
    setParams(next, { replace: true });
  }, [outcome, params, setParams, client, t]);

  const s = status.data;
  if (!s) return null;
  return (
    <div className="grid gap-2 border-t pt-3 text-sm" data-testid="google-calendar">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t("google.title")}</span>
        <Badge variant={s.state === "connected" ? "default" : "outline"} data-testid="google-calendar-state">
          {!s.configured ? t("google.notConfigured") : t(`google.states.${s.state}`)}
        </Badge>
      </div>
      {!s.configured && <p className="text-muted-foreground">{t("google.operatorHint")}</p>}
      {s.configured && s.state === "connected" && (
        <p className="text-muted-foreground">{t("google.connectedTo", { calendar: s.calendar ?? "", count: s.synced_events, at: s.connected_at ? formatDateTime(s.connected_at) : "" })}</p>
      )}
      {s.configured && s.state !== "connected" && <p className="text-muted-foreground">{t(s.state === "reconnect" ? "google.reconnectHint" : "google.hint")}</p>}
      {s.last_error && (
        <p className="text-destructive">{t("google.lastError", { error: s.last_error, at: s.last_error_at ? formatDateTime(s.last_error_at) : "" })}</p>
      )}
      {s.configured && (
        <div className="flex flex-wrap gap-2">
          {s.state !== "connected" && (
            // A plain link: the server answers with the redirect to Google's consent page.
            <a className={buttonClass({ variant: "outline", size: "sm" })} href={`${PATH}/connect`}>
              {t(s.state === "reconnect" ? "google.reconnect" : "google.connect")}
            </a>
          )}
          {s.state !== "not_connected" && (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              {t("google.disconnect")}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("google.disconnectTitle")}
        description={t("google.disconnectDescription")}
        confirmLabel={t("google.disconnect")}
        cancelLabel={tc("cancel")}
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </div>
  );
}
