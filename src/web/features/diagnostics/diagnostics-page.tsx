import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ShownWhenLoaded } from "@/web/components/shown-when-loaded";
import { useCan } from "@/web/features/organisations/use-can";
import { formatTime } from "@/web/lib/format";
import { useDiagnostics } from "./api/get-diagnostics";
import { DiagnosticsCard } from "./components/diagnostics-card";
import { QueueCard } from "./components/queue-card";
import { RateCards } from "./components/rate-cards";
import { RoutesTable } from "./components/routes-table";
import { StatementsTable } from "./components/statements-table";
import { VersionsCard } from "./components/versions-card";
import { meQuery } from "@/web/features/organisations/api/me";
import "./diagnostics-i18n";

/** /app/diagnostics (owners): this server's request and error rates, slow queries, the job queue and versions. */
export function DiagnosticsPage() {
  const { t } = useTranslation("diagnostics");
  // Every tenant's traffic: an owner who is also the platform's operator (docs/permissions.md).
  const me = useQuery(meQuery);
  const canRead = useCan("diagnostics.read") && me.data?.operator === true;
  const diagnostics = useDiagnostics(canRead);
  const snap = diagnostics.data;

  const loading = (
    <div className="flex justify-center p-10">
      <Spinner label={t("loading")} />
    </div>
  );
  const body = () => {
    if (me.isPending) return loading;
    if (!canRead) return <OwnerOnlyNote>{t("ownerOnly")}</OwnerOnlyNote>;
    if (!snap && diagnostics.isError) return <LoadFailed message={t("loadFailed")} onRetry={() => void diagnostics.refetch()} />;
    if (!snap) return loading;
    const since = formatTime(snap.queries.since);
    return (
      <>
        {diagnostics.isError && <Alert variant="destructive">{t("loadFailed")}</Alert>}
        <DiagnosticsCard id="diag-rates" title={t("rates.title", { minutes: snap.requests.windowMinutes })}>
          <RateCards requests={snap.requests} />
        </DiagnosticsCard>
        <RoutesTable requests={snap.requests} />
        <StatementsTable
          id="diag-slow"
          title={t("queries.title")}
          description={t("queries.caption", { threshold: snap.queries.thresholdMs, since })}
          empty={t("queries.empty", { threshold: snap.queries.thresholdMs })}
          statements={snap.queries.slow}
        />
        <StatementsTable id="diag-top" title={t("queries.topTitle")} description={t("queries.topCaption", { since })} empty={t("queries.topEmpty")} statements={snap.queries.topByTotal} />
        <div className="grid gap-6 lg:grid-cols-2">
          <QueueCard queue={snap.queue} />
          <VersionsCard versions={snap.versions} />
        </div>
      </>
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {/* Who may read, the figures and their time arrive apart: shown together, none pushes the rest down. */}
      <ShownWhenLoaded label={t("loading")} className="grid gap-6">
        {canRead && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite" data-testid="diag-updated">
                {snap ? t("updated", { when: formatTime(snap.generatedAt, { timeStyle: "medium" }) }) : null}
              </p>
              <Button type="button" variant="outline" size="sm" onClick={() => void diagnostics.refetch()} disabled={diagnostics.isFetching}>
                <RefreshCw aria-hidden className={diagnostics.isFetching ? "animate-spin" : undefined} />
                {diagnostics.isFetching ? t("refreshing") : t("refresh")}
              </Button>
            </div>
            <p role="note" className="rounded-md border bg-muted/50 px-4 py-3 text-sm">
              {t("scope")}
            </p>
          </>
        )}
        {body()}
      </ShownWhenLoaded>
    </div>
  );
}
