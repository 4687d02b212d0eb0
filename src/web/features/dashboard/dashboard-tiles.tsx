import { Bot, KeyRound, ListChecks, Network, Workflow, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TaskCounts } from "@/shared/work";
import { useConnections } from "@/web/features/connections/api/get-connections";
import { cn } from "@/web/lib/cn";

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
      <span className="text-xs text-muted-foreground">{note}</span>
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
  const connectedCount = connections.data?.filter((c) => c.status === "connected").length ?? 0;
  const open = counts ? String(counts.all - counts.done) : "…";
  const tiles: Tile[] = [
    {
      icon: ListChecks,
      title: t("tiles.openTasks"),
      value: open,
      note: counts ? `${t("tiles.openTasksNote", { count: counts.today })} · ${t("tiles.overdueNote", { count: counts.overdue })}` : "",
      className: "col-span-2 lg:col-span-1",
    },
    { to: "/app/agents", icon: Bot, title: t("tiles.agents"), value: t("tiles.agentsValue"), note: t("tiles.agentsNote") },
    { to: "/app/orchestrator", icon: Network, title: t("tiles.orchestrator"), value: t("tiles.orchestratorValue"), note: t("tiles.orchestratorNote") },
    {
      to: "/app/api-keys",
      icon: KeyRound,
      title: t("tiles.apiKeys"),
      value: connections.data ? String(connections.data.length) : connections.isError ? t("tiles.apiKeysValue") : "…",
      note: connections.data?.length ? tConnections("dashboard.connected", { count: connectedCount }) : t("tiles.apiKeysNote"),
    },
    { to: "/app/orchestrator", icon: Workflow, title: t("tiles.workflows"), value: t("tiles.workflowsValue"), note: t("tiles.workflowsNote") },
  ];
  return (
    <ul aria-label={t("tiles.label")} className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      {tiles.map((tile) => (
        <TileLink key={tile.title} {...tile} />
      ))}
    </ul>
  );
}
