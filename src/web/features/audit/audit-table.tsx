import { useTranslation } from "react-i18next";
import type { AuditEntry } from "@/shared/connections";
import { formatDateTime } from "@/web/lib/format";
import { useAuditLabels } from "./audit-labels";

const who = (entry: AuditEntry, t: (key: "erased" | "system") => string) =>
  entry.actor_name ?? (entry.actor_user_id?.startsWith("erased:") ? t("erased") : (entry.actor_user_id ?? t("system")));

/** One row per entry: when, who, the action, its target and the address it came from (kept for sign-ins only). */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation("audit");
  const label = useAuditLabels();
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.when")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.actor")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.action")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.target")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.ip")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t align-top">
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </td>
              <td className="px-3 py-2">{who(entry, t)}</td>
              <td className="px-3 py-2" data-action={entry.action}>
                {label.action(entry.action)}
              </td>
              <td className="px-3 py-2 break-all">
                {label.target(entry.target_type)}
                {entry.target_id && <span className="block font-mono text-xs text-muted-foreground">{entry.target_id}</span>}
              </td>
              <td className="px-3 py-2 font-mono text-xs">{entry.ip ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
