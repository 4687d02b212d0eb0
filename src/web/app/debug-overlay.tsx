import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import type { HealthResponse, ReleaseInfoResponse } from "@/shared/functions";
import { api } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { formatNumber } from "@/web/lib/format";
import { queryClient } from "@/web/lib/query-client";
import { storedCurrentOrg } from "@/web/lib/current-org";

/** Shown on any screen only with ?debug=1: what a bug report needs, at a glance. */
export function DebugOverlay() {
  const location = useLocation();
  const enabled = new URLSearchParams(location.search).get("debug") === "1";
  const [closed, setClosed] = useState(false);
  if (!enabled || closed) return null;
  // Its own provider: on a public page nothing above it holds the query cache.
  return (
    <QueryClientProvider client={queryClient}>
      <DebugPanel onClose={() => setClosed(true)} path={location.pathname} />
    </QueryClientProvider>
  );
}

function DebugPanel({ onClose, path }: { onClose: () => void; path: string }) {
  const { t } = useTranslation();
  const session = authClient.useSession();
  const health = useQuery({ queryKey: ["debug", "health"], queryFn: () => api<HealthResponse>("/functions/v1/health"), retry: false });
  const release = useQuery({ queryKey: ["debug", "release"], queryFn: () => api<ReleaseInfoResponse>("/functions/v1/release-info"), retry: false });
  const healthText = (h: HealthResponse) => {
    const state = h.ok ? t("debug.healthOk") : t("debug.healthDown");
    return h.db_latency_ms == null ? state : `${state} (${t("debug.dbLatency", { ms: formatNumber(h.db_latency_ms) })})`;
  };
  const rows: [string, string][] = [
    [t("debug.route"), path],
    [t("debug.user"), session.data?.user.email ?? t("debug.none")],
    [t("debug.org"), storedCurrentOrg() ?? t("debug.none")],
    [t("debug.health"), health.data ? healthText(health.data) : health.isError ? t("debug.unreachable") : t("debug.pending")],
    [t("debug.release"), release.data ? `${release.data.version} ${release.data.commit?.slice(0, 7) ?? ""}` : t("debug.pending")],
  ];
  return (
    <aside aria-label={t("debug.title")} className="fixed bottom-4 right-4 z-[100] w-80 rounded-lg border bg-card p-3 font-mono text-xs shadow-lg">
      <div className="mb-2 flex items-center justify-between">
        <strong>{t("debug.title")}</strong>
        <button type="button" onClick={onClose} className="rounded px-1 hover:bg-muted" aria-label={t("debug.close")}>
          ×
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="truncate">{v}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
