import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { auditActionGroups, type AuditFilters } from "@/shared/audit";
import type { Member } from "@/shared/organisations";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";

/** Who, what and when: applied on submit, so typing does not fetch on every key. */
export function AuditFiltersForm({ orgId, value, onApply }: { orgId: string; value: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation("audit");
  const [draft, setDraft] = useState<AuditFilters>(value);
  const members = useQuery({ queryKey: ["orgs", orgId, "members"], queryFn: async () => (await api<{ members: Member[] }>(orgPath(orgId, "/members"))).members });
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value || undefined }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label={t("filters.title")}>
      <div className="grid gap-2">
        <Label htmlFor="audit-actor">{t("filters.actor")}</Label>
        <NativeSelect id="audit-actor" value={draft.actor ?? ""} onChange={set("actor")}>
          <option value="">{t("filters.anyone")}</option>
          {(members.data ?? []).map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {m.name} ({m.email})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-action">{t("filters.action")}</Label>
        {/* A group filters by its prefix ("member."), as the API does. */}
        <NativeSelect id="audit-action" value={draft.action ?? ""} onChange={set("action")}>
          <option value="">{t("filters.anyAction")}</option>
          {auditActionGroups().map(({ group, actions }) => (
            <optgroup key={group} label={t(`actionGroups.${group}` as "actionGroups.member")}>
              <option value={`${group}.`}>{t(`actionGroups.${group}` as "actionGroups.member")}</option>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {t(`actions.${action}` as "actions.member.remove")}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-from">{t("filters.from")}</Label>
        <Input id="audit-from" type="date" value={draft.from ?? ""} onChange={set("from")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-to">{t("filters.to")}</Label>
        <Input id="audit-to" type="date" value={draft.to ?? ""} min={draft.from} onChange={set("to")} />
      </div>
      <div className="flex gap-2">
        <Button type="submit">{t("filters.apply")}</Button>
        <Button type="button" variant="outline" onClick={() => (setDraft({}), onApply({}))}>
          {t("filters.clear")}
        </Button>
      </div>
    </form>
  );
}
