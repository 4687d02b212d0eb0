import { LogOut, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Sidebar, SidebarButton, SidebarLink, SidebarSection } from "@/web/components/ui/sidebar";
import { useSidebar } from "@/web/components/ui/sidebar-context";
import { useSignOut } from "@/web/features/auth/use-sign-out";
import { useOrg } from "@/web/features/organisations/org-context";
import { useIsOperator } from "@/web/features/organisations/api/me";
import { appName } from "@/web/lib/app-name";
import { useFeatureFlag } from "@/web/features/flags/use-feature-flag";
import { lazyComponent } from "../lazy-page";
import { AI_CHAT_PATH, mainItems, ownerFooterItems, ownerItems, type NavItem } from "./nav-items";

// Loaded when first asked for: the form, its fields and its plan check are not needed to show the shell.
const ProjectCreateDialog = lazyComponent(() => import("@/web/features/projects/components/project-create-dialog"), (m) => m.ProjectCreateDialog);

export function AppSidebar() {
  const { t } = useTranslation("shell");
  const { isOwner } = useOrg();
  // The platform's screens (its configuration, diagnostics, smoke checks) are its operators' alone.
  const isOperator = useIsOperator();
  const signOut = useSignOut();
  // AI assistance switched off in this browser hides the chat (the page itself also says so).
  const isAiOn = useFeatureFlag("AI_ASSIST_ENABLED");
  const { setOpenMobile } = useSidebar();
  const [isCreatingProject, setCreatingProject] = useState(false);
  // Mounted from the first opening on, so it can animate closed.
  const [wantsProjectDialog, setWantsProjectDialog] = useState(false);
  const openProjectDialog = () => {
    setOpenMobile(false); // on phones the sidebar is a dialog itself; the project dialog replaces it
    setWantsProjectDialog(true);
    setCreatingProject(true);
  };
  const links = (items: NavItem[]) =>
    items.filter((item) => isOperator || !item.operator).map(({ to, icon: Icon, labelKey, soon, exact }) => (
      <SidebarLink key={to} to={to} exact={exact} icon={<Icon aria-hidden />} label={t(labelKey as "nav.dashboard")} badge={soon ? t("nav.soon") : undefined} />
    ));

  return (
    <>
      <Sidebar label={t("nav.main")}>
        <div className="flex h-14 items-center gap-2 border-b px-3 font-semibold">
          <img src="/favicon.svg" alt="" className="size-6 shrink-0" />
          <span className="truncate group-data-[collapsed=true]/sidebar:sr-only">{appName()}</span>
        </div>
        <SidebarSection>{links(mainItems)}</SidebarSection>
        <SidebarSection title={t("nav.quickActions")}>
          <SidebarButton icon={<Plus aria-hidden />} label={t("nav.newProject")} onClick={openProjectDialog} />
        </SidebarSection>
        {isOwner && <SidebarSection title={t("nav.owner")}>{links(isAiOn ? ownerItems : ownerItems.filter((item) => item.to !== AI_CHAT_PATH))}</SidebarSection>}
        <div className="mt-auto border-t">
          {isOwner && <SidebarSection>{links(ownerFooterItems)}</SidebarSection>}
          <SidebarSection>
            <SidebarButton icon={<LogOut aria-hidden />} label={t("nav.signOut")} onClick={() => void signOut()} />
          </SidebarSection>
        </div>
      </Sidebar>
      {wantsProjectDialog && <ProjectCreateDialog open={isCreatingProject} onOpenChange={setCreatingProject} />}
    </>
  );
}
