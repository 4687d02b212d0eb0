import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { can } from "@/shared/permissions";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { queryClient } from "@/web/lib/query-client";
import { useAgentReady } from "./api/get-agent-ready";
import { useHealth } from "./api/get-health";
import { useViewer, type Viewer } from "./api/get-viewer";
import { JobsSummaryCard } from "./components/jobs-summary-card";
import { LatencyCard } from "./components/latency-card";
import { OverallBadge } from "./components/overall-badge";
import { QuickActions } from "./components/quick-actions";
import { RecentActivityCard } from "./components/recent-activity-card";
import { RecentEventsCard } from "./components/recent-events-card";
import { ReleaseCard } from "./components/release-card";
import { SecretsCard } from "./components/secrets-card";
import { AgentCard, ApiCard, DatabaseCard } from "./components/service-cards";
import { overallState } from "./lib/overall-state";
import { probeResultOf } from "./lib/probe-result";
import "./status-i18n";

/** /status: a public page, so it brings the query cache itself (the public layout has none). */
export function StatusPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <SystemStatus />
    </QueryClientProvider>
  );
}

function SystemStatus() {
  const { t } = useTranslation("status");
  const client = useQueryClient();
  const health = useHealth();
  const agent = useAgentReady();
  const viewer = useViewer();
  const signedOut: Viewer = { isSignedIn: false };
  const who = viewer.data ?? signedOut;
  // Owner-only parts are asked for only when the role allows them: members and visitors send nothing that would be refused.
  const ownerOrgId = who.isSignedIn && who.orgId && can(who.role, "jobs.read") && can(who.role, "audit.read") && can(who.role, "telemetry.read") ? who.orgId : null;
  const isProbing = health.isFetching || agent.isFetching;
  // Not disabled while probing (a disabled button drops keyboard focus): a second press waits for the first.
  const refresh = () => {
    if (isProbing) return;
    void health.refetch();
    void agent.refetch();
    void client.invalidateQueries({ queryKey: ["status", "health-history"] });
    if (who.isSignedIn && who.operator) void client.invalidateQueries({ queryKey: ["status", "secrets-ready"] });
    if (ownerOrgId) void client.invalidateQueries({ queryKey: ["status", ownerOrgId] });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-6 py-12">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-3xl font-semibold">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
          <OverallBadge state={overallState(probeResultOf(health), probeResultOf(agent))} />
        </div>
        <Button variant="outline" onClick={refresh} aria-disabled={isProbing} aria-busy={isProbing}>
          <RefreshCw aria-hidden className={cn(isProbing && "animate-spin")} />
          {isProbing ? t("refreshing") : t("refresh")}
        </Button>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <ApiCard health={health} />
        <DatabaseCard health={health} />
        <AgentCard agent={agent} />
        <ReleaseCard />
        <LatencyCard />
        {who.isSignedIn && who.operator && <SecretsCard />}
        {ownerOrgId && <JobsSummaryCard orgId={ownerOrgId} />}
        {ownerOrgId && <RecentActivityCard orgId={ownerOrgId} />}
        {ownerOrgId && <RecentEventsCard orgId={ownerOrgId} />}
      </div>
      <QuickActions viewer={who} />
    </div>
  );
}
