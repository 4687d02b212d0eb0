import { QueryClientProvider } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { can } from "@/shared/permissions";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { useViewer } from "@/web/features/status/api/get-viewer";
import { cn } from "@/web/lib/cn";
import { queryClient } from "@/web/lib/query-client";
import { SmokeCounts } from "./components/smoke-counts";
import { SmokeTable } from "./components/smoke-table";
import { useSmokeRun } from "./use-smoke-run";
import "./smoke-i18n";

/** /smoke and /ops/smoke: a public page, so it brings the query cache itself (the public layout has none). */
export function SmokePage() {
  return (
    <QueryClientProvider client={queryClient}>
      <SmokeTests />
    </QueryClientProvider>
  );
}

function SmokeTests() {
  const { t } = useTranslation("smoke");
  const viewer = useViewer();
  const who = viewer.data;
  // The checks reach shared services: the platform's operators run them (docs/permissions.md).
  const ownerOrgId = who?.isSignedIn && who.operator && who.orgId && can(who.role, "smoke.run") ? who.orgId : null;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-6 py-12">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      {viewer.isPending ? (
        <Spinner label={t("checkingViewer")} className="size-5" />
      ) : ownerOrgId ? (
        <SmokeRunner orgId={ownerOrgId} />
      ) : who?.isSignedIn ? (
        <p role="note" className="rounded-lg border p-4">{t(who.operator ? "ownersOnly" : "operatorsOnly")}</p>
      ) : (
        <div role="note" className="grid justify-items-start gap-3 rounded-lg border p-4">
          <p>{t("signIn")}</p>
          <Button asChild>
            <Link to="/auth">{t("signInLink")}</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

function SmokeRunner({ orgId }: { orgId: string }) {
  const { t } = useTranslation("smoke");
  const { rows, isRunning, run } = useSmokeRun(orgId);
  // Once on arrival: an owner came here to see them run.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);
  return (
    <section aria-labelledby="smoke-results-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="smoke-results-title" className="text-lg font-semibold">{t("results")}</h2>
        <Button onClick={() => void run()} disabled={isRunning} aria-busy={isRunning}>
          <RefreshCw aria-hidden className={cn(isRunning && "animate-spin")} />
          {isRunning ? t("running") : t("runAgain")}
        </Button>
      </div>
      <SmokeCounts rows={rows} />
      <SmokeTable rows={rows} />
    </section>
  );
}
