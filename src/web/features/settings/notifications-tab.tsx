import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { notificationEvents, type NotificationEvent, type NotificationPreferences } from "@/shared/notifications";
import { LoadFailed } from "@/web/components/load-failed";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { Switch } from "@/web/components/ui/switch";
import { api } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { TaskEmailCard } from "./task-email-card";

const key = ["me", "notification-preferences"];
const path = "/api/v1/me/notification-preferences";

/** Which events mail the user: three switches, each saved on its own (the server honours them). */
export function NotificationsTab() {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey: key, queryFn: async () => (await api<{ preferences: NotificationPreferences }>(path)).preferences });
  const save = useMutation({
    mutationFn: async (change: Partial<NotificationPreferences>) => (await api<{ preferences: NotificationPreferences }>(path, { method: "PUT", body: change })).preferences,
    // Shown at once; put back if the save fails.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) queryClient.setQueryData<NotificationPreferences>(key, { ...before, ...change });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toast.success(t("notifications.saved"));
    },
    onError: (e, _, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(t("notifications.saveFailed"), { description: errorMessage(e, tc, { isWrite: true }) });
    },
  });
  return (
    <div className="grid gap-4">
      <TaskEmailCard />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("notifications.title")}</CardTitle>
          <CardDescription>{t("notifications.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {prefs.isPending && <Spinner label={t("notifications.title")} />}
          {prefs.isError && <LoadFailed message={t("notifications.loadFailed")} onRetry={() => void prefs.refetch()} />}
          {prefs.data && (
            <ul className="divide-y rounded-md border">
              {notificationEvents.map((event) => (
                <EventRow key={event} event={event} checked={prefs.data[event]} onChange={(on) => save.mutate({ [event]: on })} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function EventRow({ event, checked, onChange }: { event: NotificationEvent; checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation("settings");
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3">
      <div className="grid gap-1">
        <span id={`${id}-label`} className="text-sm font-medium">
          {t(`notifications.events.${event}.label`)}
        </span>
        <span id={`${id}-description`} className="text-sm text-muted-foreground">
          {t(`notifications.events.${event}.description`)}
        </span>
      </div>
      <Switch checked={checked} onCheckedChange={onChange} aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`} />
    </li>
  );
}
