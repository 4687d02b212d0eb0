import { useTranslation } from "react-i18next";
import { useEnvironment } from "./api/get-environment";
import { useHealthProbe, useRelease } from "./api/get-release";
import { useGuideViewer } from "./api/get-viewer";
import { CopyCommand } from "./components/copy-command";
import { GuideSection, GuideShell } from "./components/guide-shell";
import { QuickLinks } from "./components/quick-links";
import { requiredSecrets } from "./guide-data";
import "./ops-guides-i18n";

const shortCommit = (commit: string | null | undefined) => (commit ? commit.slice(0, 7) : null);

/** /deploy-status: where this server runs, what it runs, what CI exists and what a deploy needs. */
export function DeployStatusPage() {
  const { t } = useTranslation("opsGuides");
  return (
    <GuideShell title={t("deployStatus.title")} subtitle={t("deployStatus.subtitle")}>
      <div className="grid gap-4 md:grid-cols-3">
        <AppUrlCard />
        <ReleaseCard />
        <HealthCard />
      </div>
      <GuideSection id="ci" title={t("deployStatus.ci")}>
        <p className="text-sm">{t("deployStatus.ciScript")}</p>
        <p className="text-sm">{t("deployStatus.ciNoDeploy")}</p>
        <CopyCommand label={t("deployStatus.ciRun")} command="bash .ci/run" />
      </GuideSection>
      <GuideSection id="secrets" title={t("deployStatus.secrets")} intro={t("deployStatus.secretsIntro")}>
        <dl className="grid gap-2 sm:grid-cols-[auto_auto_1fr] sm:gap-x-4">
          {requiredSecrets.map((s) => (
            <div key={s.name} className="contents">
              <dt>
                <code className="font-semibold">{s.name}</code>
              </dt>
              <dd className="text-sm text-muted-foreground">{s.required ? t("deployStatus.required") : t("deployStatus.optional")}</dd>
              <dd className="text-sm">{t(`deployStatus.secretNames.${s.name}`)}</dd>
            </div>
          ))}
        </dl>
      </GuideSection>
      <GuideSection id="links" title={t("deployStatus.links")}>
        <QuickLinks
          label={t("deployStatus.links")}
          links={[
            { to: "/go-live", labelKey: "deployStatus.goLive" },
            { to: "/deploy/wizard", labelKey: "deployStatus.wizard" },
            { to: "/ops/tools", labelKey: "deployStatus.tools" },
            { to: "/status", labelKey: "deployStatus.status" },
            { to: "/docs", labelKey: "docs" },
          ]}
        />
      </GuideSection>
    </GuideShell>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid content-start gap-2 rounded-xl border bg-card p-5" data-testid={id}>
      <h2 id={`${id}-heading`} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AppUrlCard() {
  const { t } = useTranslation("opsGuides");
  const viewer = useGuideViewer();
  const environment = useEnvironment(viewer.data?.kind === "owner" ? viewer.data.orgId : null);
  const here = window.location.origin;
  const configured = environment.data?.appUrl;
  return (
    <Card id="app-url" title={t("deployStatus.appUrl")}>
      <dl className="grid gap-1 text-sm">
        <dt className="text-muted-foreground">{t("deployStatus.thisAddress")}</dt>
        <dd>
          <code className="break-all">{here}</code>
        </dd>
        {configured && (
          <>
            <dt className="text-muted-foreground">{t("deployStatus.configuredAddress")}</dt>
            <dd>
              <code className="break-all">{configured}</code>
            </dd>
          </>
        )}
      </dl>
      {configured && configured !== here && (
        <p role="note" className="text-sm text-amber-700 dark:text-amber-400">
          {t("deployStatus.addressMismatch")}
        </p>
      )}
    </Card>
  );
}

function ReleaseCard() {
  const { t } = useTranslation("opsGuides");
  const release = useRelease();
  const pending = release.isPending ? t("deployStatus.checking") : t("deployStatus.unknown");
  const commit = shortCommit(release.data?.body.commit);
  return (
    <Card id="release" title={t("deployStatus.release")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("deployStatus.version")}</dt>
        <dd>{release.data?.body.version ?? pending}</dd>
        <dt className="text-muted-foreground">{t("deployStatus.commit")}</dt>
        <dd data-testid="release-commit">{commit ? <code title={release.data?.body.commit ?? undefined}>{commit}</code> : pending}</dd>
      </dl>
    </Card>
  );
}

function HealthCard() {
  const { t } = useTranslation("opsGuides");
  const health = useHealthProbe();
  const body = health.data?.body;
  return (
    <Card id="health" title={t("deployStatus.health")}>
      <p className="text-sm" role="status">
        {health.isPending
          ? t("deployStatus.checking")
          : health.isError
            ? t("deployStatus.healthUnreachable")
            : body?.ok
              ? t("deployStatus.healthUp", { ms: Math.round(body.db_latency_ms ?? 0) })
              : t("deployStatus.healthDown", { error: body?.error ?? "" })}
      </p>
    </Card>
  );
}
