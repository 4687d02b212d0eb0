import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AuditFilters } from "@/shared/audit";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Button, buttonClass } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { useOrg } from "@/web/features/organisations/org-context";
import { useCan } from "@/web/features/organisations/use-can";
import { AuditFiltersForm } from "./audit-filters-form";
import { AuditTable } from "./audit-table";
import { auditExportUrl, useAuditLog } from "./use-audit-log";
import "./audit-i18n";

/** /app/audit (owners): the organisation's audit log, filtered by who, what and when, and exported as CSV with the same filters. */
export function AuditPage() {
  const { t } = useTranslation("audit");
  const { currentOrg } = useOrg();
  const canRead = useCan("audit.read");
  const [filters, setFilters] = useState<AuditFilters>({});
  const orgId = currentOrg?.id ?? "";
  const log = useAuditLog(orgId, filters, canRead && !!currentOrg);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  const body = () => {
    if (!canRead) return <OwnerOnlyNote>{t("ownerOnly")}</OwnerOnlyNote>;
    if (log.isError && !log.data) return <LoadFailed message={t("loadFailed")} onRetry={() => void log.refetch()} />;
    if (!log.data)
      return (
        <div className="flex justify-center p-10">
          <Spinner label={t("loading")} />
        </div>
      );
    if (entries.length === 0) return <p className="rounded-lg border p-6 text-center text-sm text-muted-foreground">{t("empty")}</p>;
    return (
      <>
        <AuditTable entries={entries} />
        {log.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? t("loadingMore") : t("more")}
            </Button>
          </div>
        )}
      </>
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-muted-foreground">{t("description", { org: currentOrg?.name ?? "" })}</p>
        </div>
        <div className="flex gap-2">
          <Link to="/app/settings?tab=organization" className={buttonClass({ variant: "ghost" })}>
            {t("back")}
          </Link>
          {canRead && currentOrg && (
            <a href={auditExportUrl(orgId, filters)} download className={buttonClass({ variant: "outline" })}>
              <Download className="size-4" aria-hidden />
              {t("filters.export")}
            </a>
          )}
        </div>
      </header>
      {canRead && currentOrg && <AuditFiltersForm orgId={orgId} value={filters} onApply={setFilters} />}
      {body()}
    </div>
  );
}
