import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { AppearanceTab } from "./appearance-tab";
import { NotificationsTab } from "./notifications-tab";
import { OrganizationTab } from "./organization-tab";
import { ProfileTab } from "./profile-tab";
import { SecurityTab } from "./security-tab";
import "./settings-i18n";

const tabs = ["profile", "organization", "security", "notifications", "appearance"] as const;
type Tab = (typeof tabs)[number];
const isTab = (v: string | null): v is Tab => tabs.includes(v as Tab);

/** /app/settings: the spec's five tabs; the open one is in the address (?tab=security), so it survives a reload and can be linked. */
export function SettingsPage() {
  const { t } = useTranslation("settings");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "profile";
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      <Tabs value={tab} onValueChange={(next) => setParams(next === "profile" ? {} : { tab: next }, { replace: true })}>
        <TabsList aria-label={t("tabs.label")} className="h-auto flex-wrap">
          {tabs.map((name) => (
            <TabsTrigger key={name} value={name}>
              {t(`tabs.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="organization">
          <OrganizationTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="appearance">
          <AppearanceTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

