import { useDeferredValue, useEffect, useRef } from "react";
import { toast } from "@/web/lib/toast";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "@/web/components/ui/spinner";
import { SidebarProvider } from "@/web/components/ui/sidebar-provider";
import { useOrg } from "@/web/features/organisations/org-context";
import { OrgProvider } from "@/web/features/organisations/org-provider";
import { useShellSession } from "@/web/lib/shell-session";
import { isSigningOut, markSigningOut } from "@/web/lib/signing-out";
import { queryClient } from "@/web/lib/query-client";
import { setDraftOwner } from "@/web/lib/drafts";
import { rememberReturnTo } from "@/web/lib/return-to";
import { storageKeys } from "@/web/lib/storage-keys";
import { useSaveDraftsWhenSessionEnds } from "@/web/lib/use-session-end-drafts";
import { CommandPalette } from "@/web/features/command-palette/command-palette";
import { ConnectionBanner } from "@/web/features/connectivity/connection-banner";
import { useLiveChanges } from "@/web/features/events/use-live-changes";
import { TaskDialogProvider } from "@/web/features/tasks/components/task-dialog-provider";
import { useServerFeatures } from "@/web/features/flags/api/get-server-features";
import { StoredPreferences } from "@/web/features/settings/stored-preferences";
import { TwoFactorGate } from "@/web/features/two-factor/two-factor-gate";
import { SafeMode } from "../safe-mode";
import { lazyComponent } from "../lazy-page";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";

// The task side panel (?task=<id> on any /app page) loads with the task page's chunk, when first opened.
const LazyTaskPanel = lazyComponent(() => import("@/web/features/team/task-panel-chunk"), (m) => m.TaskPanel);

/** The /app guard: a spinner while the session loads, /auth without one. */
export function AppLayout() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation("auth");
  const session = useShellSession();
  const location = useLocation();
  const hadSession = useRef(false);
  const signedIn = Boolean(session.data);
  // Every open form (task, plane, project) is saved before the guard below leaves for sign-in.
  useSaveDraftsWhenSessionEnds();
  // AI_ASSIST_ENABLED=0 on the server hides the chat, the console and their tiles here too.
  useServerFeatures();

  // A sign-out ends here: with the shell gone nothing refetches into a 401, so the cache can go
  // and a later 401 is an expired session again (use-sign-out.ts).
  useEffect(
    () => () => {
      if (!isSigningOut()) return;
      queryClient.clear();
      markSigningOut(false);
    },
    [],
  );

  useEffect(() => {
    if (signedIn) hadSession.current = true;
    else if (hadSession.current && !session.isPending && !isSigningOut()) toast.error(ta("toasts.sessionExpired"));
  }, [signedIn, session.isPending, ta]);

  if (session.isPending) return <FullPageSpinner label={t("loadingApp")} />;
  if (!session.data) {
    if (!isSigningOut()) rememberReturnTo(location.pathname + location.search);
    return <Navigate to="/auth" replace />;
  }
  // Set while rendering, before any form below reads a draft; the same value each render.
  setDraftOwner(session.data.user.id);
  return (
    <OrgProvider userId={session.data.user.id}>
      <StoredPreferences user={session.data.user} />
      <AppShell />
    </OrgProvider>
  );
}

function TaskPanelWhenAsked() {
  const { search } = useLocation();
  return new URLSearchParams(search).has("task") ? <LazyTaskPanel /> : null;
}

function AppShell() {
  const { t } = useTranslation();
  const { currentOrg, isLoading, error, retry, onboardedAt } = useOrg();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useLiveChanges(currentOrg?.id);
  // Step 2 of the wizard sends the user to set an integration up and back (integration-choices.ts).
  const isSettingUp = (pathname === "/app/integrations" || pathname === "/app/api-keys") && new URLSearchParams(search).get("from") === "onboarding";

  // The server knows whether this user finished the onboarding here, on any device; the local flag
  // (the spec's) is a cache of it. It is per browser, not per user, so it is never sent on.
  useEffect(() => {
    if (!currentOrg) return;
    if (onboardedAt) localStorage.setItem(storageKeys.onboardingDone, "true");
    else if (!localStorage.getItem(storageKeys.onboardingDone) && pathname !== "/app/onboarding" && !isSettingUp) navigate("/app/onboarding", { replace: true });
  }, [currentOrg, onboardedAt, pathname, isSettingUp, navigate]);

  // The organisations arrive through the query cache, whose updates React renders in one go. The
  // shell's first mount (sidebar, header and page) is the biggest render of a visit: deferred, the
  // spinner stays a moment longer and React renders the shell in slices that yield to the browser.
  // Preact, which runs in the browser (decision 024), returns the value as it is: one task.
  const loading = useDeferredValue(isLoading);
  if (loading) return <FullPageSpinner label={t("loadingApp")} />;
  if (error || !currentOrg) return <SafeMode onRetry={retry} />;
  return (
    <TaskDialogProvider>
      <SidebarProvider>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
          {t("skipToContent")}
        </a>
        <AppSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          {/* The banner sits on top of the header and sticks with it, pushing the page down rather than covering it. */}
          <div className="sticky top-0 z-30">
            <ConnectionBanner />
            <AppHeader />
          </div>
          <main id="main" className="flex-1 p-4 md:p-6">
            <TwoFactorGate orgId={currentOrg.id}>
              <Outlet />
            </TwoFactorGate>
          </main>
        </div>
      </SidebarProvider>
      <CommandPalette />
      <TaskPanelWhenAsked />
    </TaskDialogProvider>
  );
}
