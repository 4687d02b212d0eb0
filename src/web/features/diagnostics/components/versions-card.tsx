import { useTranslation } from "react-i18next";
import type { VersionFigures } from "@/shared/diagnostics";
import { formatNumber } from "@/web/lib/format";
import { formatBytes, formatUptime } from "../lib/format-figures";
import { DiagnosticsCard } from "./diagnostics-card";

/** What this instance runs: the release, Node, the database server, unhandled errors, since when and in how much memory. */
export function VersionsCard({ versions }: { versions: VersionFigures }) {
  const { t } = useTranslation("diagnostics");
  const unknown = t("versions.unknown");
  const dbVersion = versions.database.version ?? unknown;
  const facts: [string, string, boolean?][] = [
    [t("versions.app"), versions.app],
    [t("versions.commit"), versions.commit?.slice(0, 12) ?? unknown, true],
    [t("versions.node"), versions.node],
    [t("versions.database"), versions.database.kind === "embedded" ? t("versions.embedded", { version: dbVersion }) : t("versions.postgres", { version: dbVersion })],
    [t("versions.unhandled"), formatNumber(versions.unhandledRejections)],
    [t("versions.uptime"), formatUptime(versions.uptimeSeconds)],
    [t("versions.memory"), t("versions.memoryValues", { rss: formatBytes(versions.memory.rssBytes), heapUsed: formatBytes(versions.memory.heapUsedBytes), heapTotal: formatBytes(versions.memory.heapTotalBytes) })],
    [t("versions.instance"), versions.instanceId.slice(0, 8), true],
  ];
  return (
    <DiagnosticsCard id="diag-versions" title={t("versions.title")}>
      <dl className="grid gap-1.5">
        {facts.map(([label, value, mono]) => (
          <div key={label} className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={`text-right font-medium ${mono ? "font-mono text-xs" : ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </DiagnosticsCard>
  );
}
