import { createBrowserRouter, type RouteObject } from "react-router";
import { NotBuiltPage } from "@/web/features/placeholder/not-built-page";
import { AppProviders } from "./app-providers";
import { lazyComponent, lazyPage } from "./lazy-page";
import { appLater, publicLater } from "./not-built-routes";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { startEarlyReads } from "@/web/lib/early-reads";
import { warmUp } from "@/web/lib/warm-up";
import { initialLanguage } from "@/web/i18n/language";

// The public header and footer load with the public routes: every /app screen starts from the
// same entry, and a visitor's first / is the prerendered page, not this.
const PublicLayout = lazyComponent(
  () => import("@/web/features/marketing/components/public-layout"),
  (m) => m.PublicLayout,
  <div className="min-h-screen" />,
);
const marketing = {
  Landing: lazyPage(() => import("@/web/features/marketing/pages/landing-page"), (m) => m.LandingPage),
  Features: lazyPage(() => import("@/web/features/marketing/pages/features-page"), (m) => m.FeaturesPage),
  Pricing: lazyPage(() => import("@/web/features/marketing/pages/pricing-page"), (m) => m.PricingPage),
  Docs: lazyPage(() => import("@/web/features/marketing/pages/docs-page"), (m) => m.DocsPage),
  Contact: lazyPage(() => import("@/web/features/marketing/pages/contact-page"), (m) => m.ContactPage),
  Privacy: lazyPage(() => import("@/web/features/marketing/pages/privacy-page"), (m) => m.PrivacyPage),
  Terms: lazyPage(() => import("@/web/features/marketing/pages/terms-page"), (m) => m.TermsPage),
};
/** A page's module with the text it needs, fetched in parallel (no waterfall). */
const withAuthText = <M,>(load: () => Promise<M>) => () => Promise.all([load(), import("@/web/i18n/auth-resources")]).then(([m]) => m);
// The signed-in shell (sidebar, dialogs, tooltips), the query cache and the app's text are chunks
// of their own, fetched together: visitors of the public pages and /auth never load them.
const AppLayout = lazyPage(
  () => Promise.all([import("./layouts/app-layout"), import("./query-provider"), import("@/web/i18n/auth-resources"), import("@/web/i18n/app-resources")]),
  ([{ AppLayout: Layout }, { QueryProvider }]) =>
    function AppShell() {
      return (
        <QueryProvider>
          <Layout />
        </QueryProvider>
      );
    },
);
const Auth = lazyPage(withAuthText(() => import("@/web/features/auth/auth-page")), (m) => m.AuthPage);
const ResetPassword = lazyPage(withAuthText(() => import("@/web/features/auth/reset-password-page")), (m) => m.ResetPasswordPage);
const Invite = lazyPage(() => import("@/web/features/invitations/invite-page"), (m) => m.InvitePage);
const Dashboard = lazyPage(() => import("@/web/features/dashboard/dashboard-page"), (m) => m.DashboardPage);
const Planes = lazyPage(() => import("@/web/features/planes/planes-page"), (m) => m.PlanesPage);
const PlanePage = lazyPage(() => import("@/web/features/planes/plane-page"), (m) => m.PlanePage);
// Team work: the task page, the board and the lists, each a chunk of its own.
const TaskPage = lazyPage(() => import("@/web/features/team/task-page"), (m) => m.TaskPage);
const BoardPage = lazyPage(() => import("@/web/features/team/board-page"), (m) => m.BoardPage);
const loadTaskLists = () => import("@/web/features/team/my-tasks-page");
const MyTasksPage = lazyPage(loadTaskLists, (m) => m.MyTasksPage);
const AllTasksPage = lazyPage(loadTaskLists, (m) => m.AllTasksPage);
const ProjectPage = lazyPage(() => import("@/web/features/projects/project-page"), (m) => m.ProjectPage);
const Onboarding = lazyPage(() => import("@/web/features/onboarding/onboarding-page"), (m) => m.OnboardingPage);
const ImportTasks = lazyPage(() => import("@/web/features/onboarding/import-tasks-page"), (m) => m.ImportTasksPage);
const ApiKeys = lazyPage(() => import("@/web/features/connections/api-keys-page"), (m) => m.ApiKeysPage);
const Integrations = lazyPage(() => import("@/web/features/connections/integrations-page"), (m) => m.IntegrationsPage);
const Flags = lazyPage(() => import("@/web/features/flags/flags-page"), (m) => m.FlagsPage);
const Diagnostics = lazyPage(() => import("@/web/features/diagnostics/diagnostics-page"), (m) => m.DiagnosticsPage);
const Audit = lazyPage(() => import("@/web/features/audit/audit-page"), (m) => m.AuditPage);
const Agents = lazyPage(() => import("@/web/features/agents/agents-page"), (m) => m.AgentsPage);
const Settings = lazyPage(() => import("@/web/features/settings/settings-page"), (m) => m.SettingsPage);
const WorkflowBuilder = lazyPage(() => import("@/web/features/workflow-builder/workflow-builder-page"), (m) => m.WorkflowBuilderPage);
// One chat for /app/orchestrator and its two older addresses; /dev shares its chunk's text.
const chatPaths = ["orchestrator", "agents/orchestrator", "orchestrator-legacy"];
const Orchestrator = lazyPage(() => import("@/web/features/chat/orchestrator-page"), (m) => m.OrchestratorPage);
const DevConsole = lazyPage(() => import("@/web/features/chat/dev-console-page"), (m) => m.DevConsolePage);
const Hq = lazyPage(() => import("@/web/features/hq/hq-page"), (m) => m.HqPage);
const Status = lazyPage(() => import("@/web/features/status/status-page"), (m) => m.StatusPage);
const Smoke = lazyPage(() => import("@/web/features/smoke/smoke-page"), (m) => m.SmokePage);
const ProjectHealing = lazyPage(() => import("@/web/features/project-healing/project-healing-page"), (m) => m.ProjectHealingPage);
const SelfHealing = lazyPage(() => import("@/web/features/self-healing/self-healing-page"), (m) => m.SelfHealingPage);
// The operator guides: public pages in one lazy chunk of their own (features/ops-guides/pages.ts).
const loadGuides = () => import("@/web/features/ops-guides/pages");
const GoLive = lazyPage(loadGuides, (m) => m.GoLivePage);
const DeployStatus = lazyPage(loadGuides, (m) => m.DeployStatusPage);
const DeployWizard = lazyPage(loadGuides, (m) => m.DeployWizardPage);
const OpsTools = lazyPage(loadGuides, (m) => m.OpsToolsPage);
const loadActionPlan = () => import("@/web/features/action-plan/action-plan-page");
const ActionPlan = lazyPage(loadActionPlan, (m) => m.ActionPlanPage);
const AppActionPlan = lazyPage(loadActionPlan, ({ ActionPlanPage }) =>
  function InApp() {
    return <ActionPlanPage inApp />;
  },
);

// A first visit to an /app page fetches the shell and the page's chunk together, instead of the
// page's only once the shell has rendered (a waterfall that cost a signed-in first load ~0.5 s).
const appPages: Record<string, { preload: () => Promise<void> }> = {
  "": Dashboard, dashboard: Dashboard, planes: Planes, board: BoardPage, "my-tasks": MyTasksPage, tasks: AllTasksPage, onboarding: Onboarding, import: ImportTasks, "api-keys": ApiKeys, integrations: Integrations,
  agents: Agents, "workflow-builder": WorkflowBuilder, "admin/action-plan": AppActionPlan, "admin/flags": Flags, diagnostics: Diagnostics, "project-healing": ProjectHealing, "self-healing": SelfHealing, settings: Settings, audit: Audit, ...Object.fromEntries(chatPaths.map((path) => [path, Orchestrator])),
};
// The pages outside /app that a first visit opens in the SPA (the others are prerendered).
const alonePages: Record<string, { preload: () => Promise<void> }> = { "/auth": Auth, "/auth/reset-password": ResetPassword, "/invite": Invite };
const APP_PATH = /^\/app(?:\/(.*?))?\/?$/;
function preloadFor(pathname: string): Promise<void> {
  const alone = alonePages[pathname.replace(/(.)\/$/, "$1")];
  if (alone) return alone.preload();
  const inApp = APP_PATH.exec(pathname);
  if (!inApp) return Promise.resolve();
  // A task's own page (/app/tasks/:id, a shared link) is the one address with a parameter opened cold often.
  const page = appPages[inApp[1] ?? ""] ?? (inApp[1]?.startsWith("tasks/") ? TaskPage : undefined);
  return Promise.all([AppLayout.preload(), page?.preload()]).then(() => undefined);
}

const notBuilt = (path: string, titleKey: string, inApp = true): RouteObject => ({ path, element: <NotBuiltPage titleKey={titleKey} inApp={inApp} /> });

/**
 * Each page has its own error element, rendered inside its layout's <main>: a page that fails to
 * load or throws keeps the sidebar and header (or the public header and footer) around it.
 */
const inLayout = (route: RouteObject): RouteObject => ({ ...route, errorElement: <RouteError /> });
/** Where no layout is drawn around the route, the error is the page's <main>. */
const alone = (route: RouteObject): RouteObject => ({ ...route, errorElement: <RouteError inline={false} /> });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError inline={false} />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteError inline={false} />,
        children: [
          { index: true, element: <marketing.Landing /> },
          { path: "features", element: <marketing.Features /> },
          { path: "pricing", element: <marketing.Pricing /> },
          { path: "docs", element: <marketing.Docs /> },
          { path: "contact", element: <marketing.Contact /> },
          { path: "privacy", element: <marketing.Privacy /> },
          { path: "terms", element: <marketing.Terms /> },
          { path: "status", element: <Status /> },
          { path: "smoke", element: <Smoke /> },
          { path: "ops/smoke", element: <Smoke /> },
          { path: "go-live", element: <GoLive /> },
          { path: "deploy-status", element: <DeployStatus /> },
          { path: "deploy/wizard", element: <DeployWizard /> },
          { path: "deploy-wizard", element: <DeployWizard /> },
          { path: "ops/tools", element: <OpsTools /> },
          { path: "admin", element: <ActionPlan /> },
          { path: "admin/action-plan", element: <ActionPlan /> },
          ...publicLater.map(([path, key]) => notBuilt(path, key, false)),
        ].map(inLayout),
      },
      {
        element: <AppProviders />,
        children: [
          alone({ path: "auth", element: <Auth /> }),
          alone({ path: "auth/reset-password", element: <ResetPassword /> }),
          alone({ path: "invite", element: <Invite /> }),
          alone({ path: "hq", element: <Hq /> }),
          // One signed-in shell for /app and /dev (the dev console acts on the organisation too).
          alone({
            element: <AppLayout />,
            children: [
              inLayout({ path: "dev", element: <DevConsole /> }),
              {
                path: "app",
                children: [
                  { index: true, element: <Dashboard /> },
                  { path: "dashboard", element: <Dashboard /> },
                  { path: "onboarding", element: <Onboarding /> },
                  { path: "import", element: <ImportTasks /> },
                  { path: "planes", element: <Planes /> },
                  { path: "planes/:planeId", element: <PlanePage /> },
                  { path: "projects/:projectId", element: <ProjectPage /> },
                  { path: "tasks", element: <AllTasksPage /> },
                  { path: "tasks/:taskId", element: <TaskPage /> },
                  { path: "board", element: <BoardPage /> },
                  { path: "my-tasks", element: <MyTasksPage /> },
                  { path: "api-keys", element: <ApiKeys /> },
                  { path: "integrations", element: <Integrations /> },
                  { path: "agents", element: <Agents /> },
                  { path: "project-healing", element: <ProjectHealing /> },
                  { path: "self-healing", element: <SelfHealing /> },
                  { path: "workflow-builder", element: <WorkflowBuilder /> },
                  { path: "settings", element: <Settings /> },
                  { path: "admin/action-plan", element: <AppActionPlan /> },
                  { path: "admin/flags", element: <Flags /> },
                  { path: "diagnostics", element: <Diagnostics /> },
                  { path: "audit", element: <Audit /> },
                  ...chatPaths.map((path) => ({ path, element: <Orchestrator /> })),
                  ...appLater.map(([path, key]) => notBuilt(path, key)),
                ].map(inLayout),
              },
            ],
          }),
        ],
      },
      alone({ path: "*", element: <NotFoundPage /> }),
    ],
  },
];

/**
 * Starts what the page being opened needs: its first reads, its code and, for /app, the one-off
 * work of its first render (warm-up.ts). Resolves when its code is here (a chunk that failed
 * counts: its page reports it).
 */
export const startFirstLoad = (pathname: string): Promise<void> => {
  startEarlyReads(pathname);
  // The signed-in screens format dates and counts; /auth and the public pages need no zone.
  if (APP_PATH.test(pathname)) warmUp(initialLanguage());
  return preloadFor(pathname);
};

export const createRouter = () => createBrowserRouter(routes);
