import { ClipboardCopy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useCopy } from "./components/copy-command";
import { EnvironmentChecks } from "./components/environment-checks";
import { GuideSection, GuideShell } from "./components/guide-shell";
import { MigrationsTable } from "./components/migrations-table";
import { ProbeTable } from "./components/probe-table";
import { QuickLinks } from "./components/quick-links";
import { environmentReport } from "./environment-report";
import "./ops-guides-i18n";

/** /ops/tools: probes with latency, the environment report, migrations and the other operator screens. */
export function OpsToolsPage() {
  const { t } = useTranslation("opsGuides");
  const copy = useCopy();
  return (
    <GuideShell title={t("tools.title")} subtitle={t("tools.subtitle")}>
      <GuideSection id="probes" title={t("tools.probes")} intro={t("tools.probesIntro")}>
        <ProbeTable />
      </GuideSection>
      <GuideSection id="report" title={t("tools.report")} intro={t("tools.reportIntro")}>
        <EnvironmentChecks>
          {(env) => (
            <>
              <div>
                <Button type="button" variant="outline" onClick={() => void copy(environmentReport(env, window.location.origin), t("tools.reportLabel"))}>
                  <ClipboardCopy aria-hidden />
                  {t("tools.copyReport")}
                </Button>
              </div>
              <h3 className="mt-2 font-semibold">{t("tools.migrations")}</h3>
              <MigrationsTable migrations={env.migrations} />
            </>
          )}
        </EnvironmentChecks>
      </GuideSection>
      <GuideSection id="links" title={t("tools.links")}>
        <QuickLinks
          label={t("tools.links")}
          links={[
            { to: "/status", labelKey: "deployStatus.status" },
            { to: "/smoke", labelKey: "tools.linkSmoke" },
            { to: "/app/diagnostics", labelKey: "tools.linkDiagnostics" },
            { to: "/app/self-healing", labelKey: "tools.linkSelfHealing" },
            { to: "/go-live", labelKey: "deployStatus.goLive" },
            { to: "/deploy/wizard", labelKey: "deployStatus.wizard" },
          ]}
        />
      </GuideSection>
    </GuideShell>
  );
}
