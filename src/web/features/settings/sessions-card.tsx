import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { LoadFailed } from "@/web/components/load-failed";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useSignOut } from "@/web/features/auth/use-sign-out";
import { authClient } from "@/web/lib/auth-client";
import { formatDateTime } from "@/web/lib/format";
import { deviceName } from "./device-name";

type SessionRow = { id: string; token: string; userAgent?: string | null; createdAt: Date | string; expiresAt: Date | string };
export const SESSIONS_KEY = ["account", "sessions"] as const;

/** Where the user is signed in, each revocable; and signing out every session at once. */
export function SessionsCard() {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const current = authClient.useSession().data?.session.id;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const signOutEverywhere = useSignOut(() => authClient.revokeSessions());
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async (): Promise<SessionRow[]> => {
      const { data, error } = await authClient.listSessions();
      if (error) throw new Error(error.message ?? error.statusText);
      return data;
    },
  });
  const revoke = useMutation({
    mutationFn: async (token: string) => {
      const { error } = await authClient.revokeSession({ token });
      if (error) throw new Error(error.message ?? error.statusText);
    },
    onSuccess: () => toast.success(t("security.revoked")),
    onError: (e) => toast.error(t("security.revokeFailed"), { description: e.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const others = (sessions.data ?? []).filter((s) => s.id !== current);
  const mine = (sessions.data ?? []).find((s) => s.id === current);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("security.sessionsTitle")}</CardTitle>
        <CardDescription>{t("security.sessionsDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending && <Spinner label={t("security.sessionsTitle")} />}
        {sessions.isError && <LoadFailed message={`${t("security.sessionsLoadFailed")} ${sessions.error.message}`} onRetry={() => void sessions.refetch()} />}
        {sessions.data && (
          <ul className="divide-y rounded-md border" aria-label={t("security.sessionsTitle")}>
            {[...(mine ? [mine] : []), ...others].map((s) => {
              const device =
                deviceName(
                  s.userAgent,
                  (browser, system) => t("security.deviceOn", { browser, system }),
                  (name) => t("security.client", { name }),
                ) ?? t("security.unknownDevice");
              const signedIn = formatDateTime(s.createdAt);
              return (
                <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                  <Monitor aria-hidden className="size-4 text-muted-foreground" />
                  <span className="font-medium">{device}</span>
                  {s.id === current && <Badge>{t("security.thisDevice")}</Badge>}
                  <span className="text-muted-foreground">
                    {t("security.signedIn", { when: signedIn })}, {t("security.expires", { when: formatDateTime(s.expiresAt) })}
                  </span>
                  {s.id !== current && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      aria-label={t("security.revokeLabel", { device, when: signedIn })}
                      disabled={revoke.isPending && revoke.variables === s.token}
                      onClick={() => revoke.mutate(s.token)}
                    >
                      {t("security.revoke")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {sessions.data && others.length === 0 && <p className="text-sm text-muted-foreground">{t("security.onlyThis")}</p>}
        <div>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            {t("security.everywhere")}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("security.everywhereTitle")}
          description={t("security.everywhereBody")}
          confirmLabel={t("security.everywhere")}
          cancelLabel={tc("cancel")}
          onConfirm={() => void signOutEverywhere()}
        />
      </CardContent>
    </Card>
  );
}
