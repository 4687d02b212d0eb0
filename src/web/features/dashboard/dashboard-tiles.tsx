import { Bot, KeyRound, ListChecks, Network, Workflow, type LucideIcon } from "lucide-react";
import { useFeatureFlag } from "@/web/features/flags/use-feature-flag";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@/web/lib/format";
import { Link } from "react-router";
import type { TaskCounts } from "@/shared/work";
import { useAgentSummary } from "@/web/features/agents/api/get-agent-summary";
import { useConnections } from "@/web/features/connections/api/get-connections";
import { isKeyProvider, isVerifiedConnection, verifiedIntegrationCount } from "@/web/features/connections/lib/connection-state";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";

type Tile = { to?: string; icon: LucideIcon; title: string; value: string; note: string; className?: string };

const tileClass = "flex h-full flex-col gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm";

function TileLink({ to, icon: Icon, title, value, note, className }: Tile) {
  const body = (
    <>
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {title}
        <Icon className="size-4 shrink-0 text-primary" aria-hidden />
      </span>
      <span className="text-2xl font-semibold">{value}</span>
      {/* Two lines kept for the note, which comes with the data: the tiles do not grow as it arrives. */}
      <span className="min-h-8 text-xs text-muted-foreground">{note}</span>
    </>
  );
  return (
    <li className={className}>
      {to ? (
        <Link to={to} className={cn(tileClass, "transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring")}>
          {body}
        </Link>
      ) : (
        <div className={tileClass}>{body}</div>
      )}
    </li>
  );
}

/** The Command Center's figures: real ones where the data exists, a plain state where it does not yet. */
export function DashboardTiles({ counts }: { counts: TaskCounts | undefined }) {
  const { t } = useTranslation("dashboard");
  const { t: tConnections } = useTranslation("connections");
  const connections = useConnections();
  // The keys the API Keys page lists, and of those the ones its badge calls Connected.
  const keys = connections.data?.filter(isKeyProvider);
  const connectedCount = keys?.filter((c) => isVerifiedConnection(c)).length ?? 0;
  // Integrations count only when their last test passed: a switch that cannot be verified is not one.
  const integrationsNote = connections.data ? tConnections("dashboard.integrations", { count: verifiedIntegrationCount(connections.data) }) : null;
  const open = counts ? formatNumber(counts.all - counts.done) : "…";
  // What the server checked: an agent is never called ready, only enabled, with its last test's outcome.
  const agentTiles = useAgentTiles();
  // AI off (here or by the server's AI_ASSIST_ENABLED=0): the chat is not offered, not even as a tile.
  const isAiOn = useFeatureFlag("AI_ASSIST_ENABLED");
  const tiles: Tile[] = [
    {
      icon: ListChecks,
      title: t("tiles.openTasks"),
      value: open,
      note: counts ? `${t("tiles.openTasksNote", { count: counts.today })} · ${t("tiles.overdueNote", { count: counts.overdue })}` : "",
      className: "col-span-2 lg:col-span-1",
    },
    { to: "/app/agents", icon: Bot, title: t("tiles.agents"), ...agentTiles.agent },
    ...(isAiOn ? [{ to: "/app/orchestrator", icon: Network, title: t("tiles.orchestrator"), ...agentTiles.orchestrator }] : []),
    {
      to: "/app/api-keys",
      icon: KeyRound,
      title: t("tiles.apiKeys"),
      value: keys ? formatNumber(keys.length) : connections.isError ? t("tiles.apiKeysValue") : "…",
      note: [keys?.length ? tConnections("dashboard.connected", { count: connectedCount }) : t("tiles.apiKeysNote"), integrationsNote].filter(Boolean).join(" · "),
    },
    { to: "/app/orchestrator", icon: Workflow, title: t("tiles.workflows"), ...agentTiles.workflows },
  ];
  return (
    <ul aria-label={t("tiles.label")} className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      {tiles.map((tile) => (
        <TileLink key={tile.title} {...tile} />
      ))}
    </ul>
  );
}

type TileText = Pick<Tile, "value" | "note">;

function useAgentTiles(): Record<"agent" | "orchestrator" | "workflows", TileText> {
  const { t } = useTranslation("dashboard");
  const summary = useAgentSummary();
  const s = summary.data;
  if (!s) {
    const text = summary.isError ? { value: t("tiles.unknownValue"), note: t("tiles.unknownNote") } : { value: "…", note: "" };
    return { agent: text, orchestrator: text, workflows: text };
  }
  const { agent } = s;
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : "");
  const testNote = agent.last_test_ok === null ? t("tiles.agentNeverTested") : t(agent.last_test_ok ? "tiles.agentTestPassed" : "tiles.agentTestFailed", { when: when(agent.last_test_at) });
  return {
    agent: agent.exists ? { value: t(agent.enabled ? "tiles.agentEnabled" : "tiles.agentDisabled"), note: testNote } : { value: t("tiles.agentsValue"), note: t("tiles.agentsNote") },
    orchestrator: {
      value: t("tiles.orchestratorValue", { count: s.jobs_today }),
      note: s.last_run_at ? t("tiles.orchestratorLastRun", { when: when(s.last_run_at) }) : t("tiles.orchestratorNote"),
    },
    workflows: s.workflows > 0 ? { value: formatNumber(s.workflows), note: t("tiles.workflowsSaved", { count: s.workflows }) } : { value: t("tiles.workflowsValue"), note: t("tiles.workflowsNote") },
  };
}
