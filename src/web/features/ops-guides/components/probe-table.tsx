import { Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { healthResponse, releaseInfoResponse } from "@/shared/functions";
import { agentReadyResponse } from "@/shared/jobs";
import { Button } from "@/web/components/ui/button";
import { probe, probePage, type Probe } from "../api/probe";

const probes = [
  { id: "health", path: "/functions/v1/health", run: () => probe("/functions/v1/health", healthResponse) },
  { id: "agentReady", path: "/functions/v1/agent-ready", run: () => probe("/functions/v1/agent-ready", agentReadyResponse) },
  { id: "releaseInfo", path: "/functions/v1/release-info", run: () => probe("/functions/v1/release-info", releaseInfoResponse) },
  { id: "statusPage", path: "/status", run: () => probePage("/status") },
] as const;

type Outcome = { ok: true; status: number; ms: number } | { ok: false; error: string };

// A health answer of 503, or ok: false, is a failure to show, though its body arrived.
const judge = (id: string, result: Probe<unknown>): Outcome => {
  const body = result.body as { ok?: boolean; error?: string | null } | null;
  if (result.status >= 400 || (id === "health" && body?.ok === false)) return { ok: false, error: body?.error ?? `HTTP ${result.status}` };
  return { ok: true, status: result.status, ms: result.ms };
};

/** Runs the server's public checks from this browser, one after another, and times each. */
export function ProbeTable() {
  const { t } = useTranslation("opsGuides");
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [running, setRunning] = useState(false);
  const run = async () => {
    if (running) return;
    setRunning(true);
    setOutcomes({});
    for (const p of probes) {
      const outcome = await p.run().then(
        (r) => judge(p.id, r),
        (e: unknown) => ({ ok: false as const, error: e instanceof Error ? e.message : String(e) }),
      );
      setOutcomes((o) => ({ ...o, [p.id]: outcome }));
    }
    setRunning(false);
  };
  return (
    <div className="grid gap-3">
      <div>
        {/* Not disabled while running (a disabled button drops keyboard focus): a second press waits for the first. */}
        <Button type="button" onClick={() => void run()} aria-disabled={running} aria-busy={running}>
          <Play aria-hidden />
          {running ? t("tools.running") : t("tools.runProbes")}
        </Button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <tbody>
            {probes.map((p) => {
              const o = outcomes[p.id];
              return (
                <tr key={p.id} className="border-b last:border-0" data-probe={p.id} data-state={o ? (o.ok ? "ok" : "failed") : "idle"}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {t(`tools.probeNames.${p.id}`)}
                  </th>
                  <td className="py-2 pr-3">
                    <code className="text-xs">{p.path}</code>
                  </td>
                  <td className="py-2" aria-live="polite">
                    {!o ? (
                      <span className="text-muted-foreground">{t("tools.notRun")}</span>
                    ) : o.ok ? (
                      <span className="text-emerald-700 dark:text-emerald-400">{t("tools.probeOk", { status: o.status, ms: o.ms })}</span>
                    ) : (
                      <span className="text-destructive">{t("tools.probeFailed", { error: o.error })}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
