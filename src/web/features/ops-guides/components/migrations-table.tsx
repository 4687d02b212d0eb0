import { useTranslation } from "react-i18next";
import type { MigrationStatus } from "@/shared/ops";
import { formatDate } from "@/web/lib/format";

/** The build's migrations against the database's record: applied or pending, newest last. */
export function MigrationsTable({ migrations }: { migrations: MigrationStatus }) {
  const { t } = useTranslation("opsGuides");
  return (
    <div className="grid gap-2" data-testid="migrations">
      <p className="text-sm font-medium">{t("tools.migrationsSummary", { applied: migrations.applied, available: migrations.available })}</p>
      {migrations.unknownApplied > 0 && (
        <p role="note" className="text-sm text-amber-700 dark:text-amber-400">
          {t("tools.migrationsUnknown", { count: migrations.unknownApplied })}
        </p>
      )}
      <div className="max-h-80 overflow-auto rounded-md border" tabIndex={0} aria-label={t("tools.migrations")}>
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-card">
            <tr className="border-b">
              <th scope="col" className="p-2">{t("tools.migration")}</th>
              <th scope="col" className="p-2">{t("tools.migrationDate")}</th>
              <th scope="col" className="p-2">{t("tools.migrationState")}</th>
            </tr>
          </thead>
          <tbody>
            {migrations.entries.map((m) => (
              <tr key={m.tag} className="border-b last:border-0" data-migration={m.tag}>
                <td className="p-2">
                  <code className="text-xs">{m.tag}</code>
                </td>
                <td className="p-2">{formatDate(m.createdAt)}</td>
                <td className={m.applied ? "p-2" : "p-2 font-semibold text-destructive"}>{m.applied ? t("tools.applied") : t("tools.pending")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
