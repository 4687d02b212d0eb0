import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Label } from "@/shared/task-team";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { toast } from "@/web/lib/toast";
import { labelsQuery, useLabels } from "../api/team-queries";

/** The organisation's labels: create, rename, recolour, delete (any member). */
export function LabelsManager() {
  const { t } = useTranslation("team");
  const { t: tc } = useTranslation();
  const orgId = useOrgId();
  const qc = useQueryClient();
  const labels = useLabels().data ?? [];
  const [name, setName] = useState("");
  const [color, setColor] = useState("#6366f1");
  const settle = () => qc.invalidateQueries({ queryKey: labelsQuery(orgId).queryKey });
  const onError = (e: unknown) => toast.error(t("labels.failed"), { description: errorMessage(e, tc, { isWrite: true }) });
  const create = useMutation({ mutationFn: () => api(orgPath(orgId, "/labels"), { method: "POST", body: { name, color } }), onSuccess: () => (setName(""), settle()), onError });
  const update = useMutation({ mutationFn: (l: Pick<Label, "id"> & Partial<Label>) => api(orgPath(orgId, `/labels/${l.id}`), { method: "PATCH", body: { name: l.name, color: l.color } }), onSuccess: settle, onError });
  const remove = useMutation({ mutationFn: (id: string) => api(orgPath(orgId, `/labels/${id}`), { method: "DELETE" }), onSuccess: settle, onError });
  return (
    <details className="rounded-lg border p-3">
      <summary className="cursor-pointer text-sm font-medium">{t("labels.manage", { count: labels.length })}</summary>
      <ul className="mt-3 grid gap-2">
        {labels.map((l) => (
          <li key={l.id} className="flex items-center gap-2">
            <input type="color" aria-label={t("labels.color", { name: l.name })} value={l.color} onChange={(e) => update.mutate({ id: l.id, color: e.target.value })} className="size-8 rounded" />
            <Input aria-label={t("labels.rename", { name: l.name })} defaultValue={l.name} className="h-8 w-48" onBlur={(e) => e.target.value.trim() && e.target.value !== l.name && update.mutate({ id: l.id, name: e.target.value.trim() })} />
            <span className="text-xs text-muted-foreground">{t("labels.used", { count: l.task_count })}</span>
            <Button variant="ghost" size="sm" onClick={() => remove.mutate(l.id)}>{t("labels.delete")}</Button>
          </li>
        ))}
      </ul>
      <form className="mt-3 flex items-center gap-2" onSubmit={(e) => (e.preventDefault(), name.trim() && create.mutate())}>
        <input type="color" aria-label={t("labels.newColor")} value={color} onChange={(e) => setColor(e.target.value)} className="size-8 rounded" />
        <Input aria-label={t("labels.newName")} placeholder={t("labels.newName")} value={name} onChange={(e) => setName(e.target.value)} className="h-8 w-48" />
        <Button type="submit" size="sm" disabled={!name.trim()}>{t("labels.create")}</Button>
      </form>
    </details>
  );
}
