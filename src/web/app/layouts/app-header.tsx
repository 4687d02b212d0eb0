import { PanelLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useSidebar } from "@/web/components/ui/sidebar-context";
import { useOrg } from "@/web/features/organisations/org-context";
import { appName } from "@/web/lib/app-name";
import { InboxBell } from "@/web/features/team/components/inbox-bell";
import { ThemeToggle } from "./theme-toggle";

export function AppHeader() {
  const { t } = useTranslation("shell");
  const { toggle } = useSidebar();
  const { memberships, currentOrg, setCurrentOrg } = useOrg();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
      <Button variant="ghost" size="icon" onClick={toggle} aria-label={t("toggleSidebar")} title={t("toggleSidebarHint")}>
        <PanelLeft aria-hidden />
      </Button>
      <p className="font-semibold">{appName()}</p>
      <div className="ml-auto flex items-center gap-2">
        {memberships.length > 1 ? (
          <label className="flex items-center gap-2 text-sm">
            <span className="sr-only">{t("switchOrganisation")}</span>
            <select
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              value={currentOrg?.id ?? ""}
              onChange={(e) => setCurrentOrg(e.target.value)}
            >
              {memberships.map((m) => (
                <option key={m.org_id} value={m.org_id}>
                  {m.organisations.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          currentOrg && <span className="text-sm text-muted-foreground" aria-label={t("organisation")}>{currentOrg.name}</span>
        )}
        {currentOrg && <InboxBell orgId={currentOrg.id} />}
        <ThemeToggle />
      </div>
    </header>
  );
}
