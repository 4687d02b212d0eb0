import { useTranslation } from "react-i18next";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { EnvironmentChecks } from "./components/environment-checks";
import { GuideSection, GuideShell } from "./components/guide-shell";
import { GuideSteps } from "./components/guide-steps";
import { domainSteps, hostingTabs, postDeployChecks, secretSteps } from "./guide-data";
import "./ops-guides-i18n";

/** /go-live: the deployment guide, with this server's own configuration checked for owners. */
export function GoLivePage() {
  const { t } = useTranslation("opsGuides");
  return (
    <GuideShell title={t("goLive.title")} subtitle={t("goLive.subtitle")}>
      <GuideSection id="checks" title={t("checks.heading")} intro={t("checks.intro")}>
        <EnvironmentChecks />
      </GuideSection>
      <GuideSection id="hosting" title={t("goLive.hosting")} intro={t("goLive.hostingIntro")}>
        <Tabs defaultValue="vps">
          <TabsList className="h-auto flex-wrap">
            {hostingTabs.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {t(`goLive.tabs.${tab.id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {hostingTabs.map((tab) => (
            <TabsContent key={tab.id} value={tab.id}>
              <GuideSteps steps={tab.steps} />
            </TabsContent>
          ))}
        </Tabs>
      </GuideSection>
      <GuideSection id="domain" title={t("goLive.domain")}>
        <GuideSteps steps={domainSteps} />
      </GuideSection>
      <GuideSection id="secrets" title={t("goLive.secrets")} intro={t("goLive.secretsIntro")}>
        <GuideSteps steps={secretSteps} />
      </GuideSection>
      <GuideSection id="post-deploy" title={t("goLive.postDeploy")} intro={t("goLive.postDeployIntro")}>
        <GuideSteps steps={postDeployChecks} />
      </GuideSection>
    </GuideShell>
  );
}
