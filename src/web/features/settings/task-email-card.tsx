import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { TaskEmailSettings } from "@/shared/inbox";
import { emailModes } from "@/shared/work-values";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { NativeSelect } from "@/web/components/ui/native-select";
import { api } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { toast } from "@/web/lib/toast";

const key = ["me", "task-email"];
const path = "/api/v1/me/task-email";

/** How task notifications mail the user: at once, a daily digest at an hour of their zone, or never. */
export function TaskEmailCard() {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: key, queryFn: async () => (await api<{ settings: TaskEmailSettings }>(path)).settings });
  const save = useMutation({
    mutationFn: async (change: Partial<TaskEmailSettings>) => (await api<{ settings: TaskEmailSettings }>(path, { method: "PUT", body: change })).settings,
    onSuccess: (saved) => (qc.setQueryData(key, saved), toast.success(t("notifications.saved"))),
    onError: (e) => toast.error(t("notifications.saveFailed"), { description: errorMessage(e, tc, { isWrite: true }) }),
  });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const s = settings.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("taskEmail.title")}</CardTitle>
        <CardDescription>{t("taskEmail.description")}</CardDescription>
      </CardHeader>
      {s && (
        <CardContent className="flex flex-wrap items-center gap-3">
          <NativeSelect aria-label={t("taskEmail.mode")} value={s.email_mode} className="w-auto" onChange={(e) => save.mutate({ email_mode: e.target.value as TaskEmailSettings["email_mode"], time_zone: zone })}>
            {emailModes.map((m) => <option key={m} value={m}>{t(`taskEmail.modes.${m}`)}</option>)}
          </NativeSelect>
          {s.email_mode === "daily" && (
            <NativeSelect aria-label={t("taskEmail.hour")} value={s.digest_hour} className="w-auto" onChange={(e) => save.mutate({ digest_hour: Number(e.target.value), time_zone: zone })}>
              {Array.from({ length: 24 }, (_, h) => <option key={h} value={h}>{t("taskEmail.at", { hour: String(h).padStart(2, "0") })}</option>)}
            </NativeSelect>
          )}
          {s.email_mode === "daily" && <span className="text-sm text-muted-foreground">{t("taskEmail.zone", { zone: s.time_zone })}</span>}
        </CardContent>
      )}
    </Card>
  );
}
