import { useMutation, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { taskPriorities, taskStatuses } from "@/shared/work-values";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";
import { filterKeys, filtersOf, useProjectChoices } from "../api/task-list";
import { useLabels, useMembers, useSavedViews, viewsQuery } from "../api/team-queries";

/**
 * The list's filters, kept in the URL (so a filtered list is a link), with the user's saved views.
 * `compact` (the board) leaves out status, which is the board's columns.
 */
export function TaskFilters({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("team");
  const [params, setParams] = useSearchParams();
  const members = useMembers().data ?? [];
  const labels = useLabels().data ?? [];
  const projects = useProjectChoices().data ?? [];
  const views = useSavedViews().data ?? [];
  const orgId = useOrgId();
  const qc = useQueryClient();
  const [viewName, setViewName] = useState("");
  const set = (key: string, value: string) => setParams((p) => (value ? p.set(key, value) : p.delete(key), p.delete("task"), p), { replace: true });
  const query = new URLSearchParams(filtersOf(params) as Record<string, string>).toString();
  const save = useMutation({
    mutationFn: () => api(orgPath(orgId, "/views"), { method: "POST", body: { name: viewName, query } }),
    onSuccess: () => (setViewName(""), qc.invalidateQueries({ queryKey: viewsQuery(orgId).queryKey })),
  });
  const remove = useMutation({ mutationFn: (id: string) => api(orgPath(orgId, `/views/${id}`), { method: "DELETE" }), onSuccess: () => qc.invalidateQueries({ queryKey: viewsQuery(orgId).queryKey }) });
  const select = (key: (typeof filterKeys)[number], label: string, options: [string, string][]) => (
    <NativeSelect aria-label={label} value={params.get(key) ?? ""} onChange={(e) => set(key, e.target.value)} className="h-9 w-auto">
      <option value="">{label}</option>
      {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
    </NativeSelect>
  );
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("filters.title")}>
      {select("assignee", t("filters.assignee"), [["me", t("filters.me")], ["none", t("unassigned")], ...members.map((m): [string, string] => [m.user_id, m.name])])}
      {select("label_id", t("filters.label"), labels.map((l) => [l.id, l.name]))}
      {!compact && select("status", t("filters.status"), taskStatuses.map((s) => [s, t(`status.${s}`)]))}
      {select("priority", t("filters.priority"), taskPriorities.map((p) => [p, t(`priority.${p}`)]))}
      {select("project_id", t("filters.project"), projects.map((p) => [p.id, p.name]))}
      {!compact && (
        <>
          <label className="flex items-center gap-1 text-sm">{t("filters.dueFrom")}<Input type="date" className="h-9 w-auto" value={params.get("due_from") ?? ""} onChange={(e) => set("due_from", e.target.value)} /></label>
          <label className="flex items-center gap-1 text-sm">{t("filters.dueTo")}<Input type="date" className="h-9 w-auto" value={params.get("due_to") ?? ""} onChange={(e) => set("due_to", e.target.value)} /></label>
        </>
      )}
      {views.length > 0 && (
        <NativeSelect aria-label={t("views.open")} value="" className="h-9 w-auto" onChange={(e) => e.target.value && setParams(new URLSearchParams(e.target.value), { replace: true })}>
          <option value="">{t("views.open")}</option>
          {views.map((v) => <option key={v.id} value={v.query}>{v.name}</option>)}
        </NativeSelect>
      )}
      {query && (
        <form className="flex items-center gap-1" onSubmit={(e) => (e.preventDefault(), viewName.trim() && save.mutate())}>
          <Input aria-label={t("views.name")} placeholder={t("views.name")} value={viewName} onChange={(e) => setViewName(e.target.value)} className="h-9 w-36" />
          <Button type="submit" variant="outline" size="sm" disabled={!viewName.trim()}>{t("views.save")}</Button>
        </form>
      )}
      {views.map((v) => (
        // Seen by everyone, not only on focus: its visible words are its accessible name.
        <Button key={v.id} type="button" variant="ghost" size="sm" onClick={() => remove.mutate(v.id)} disabled={remove.isPending}>
          <X aria-hidden />
          {t("views.delete", { name: v.name })}
        </Button>
      ))}
    </div>
  );
}
