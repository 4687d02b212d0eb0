import { createBrowserRouter, type RouteObject } from "react-router";
import { NotBuiltPage } from "@/web/features/placeholder/not-built-page";
import { PublicLayout } from "@/web/features/marketing/components/public-layout";
import { lazyPage } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

const marketing = {
  Landing: lazyPage(() => import("@/web/features/marketing/pages/landing-page"), (m) => m.LandingPage),
  Features: lazyPage(() => import("@/web/features/marketing/pages/features-page"), (m) => m.FeaturesPage),
  Pricing: lazyPage(() => import("@/web/features/marketing/pages/pricing-page"), (m) => m.PricingPage),
  Docs: lazyPage(() => import("@/web/features/marketing/pages/docs-page"), (m) => m.DocsPage),
  Contact: lazyPage(() => import("@/web/features/marketing/pages/contact-page"), (m) => m.ContactPage),
  Privacy: lazyPage(() => import("@/web/features/marketing/pages/privacy-page"), (m) => m.PrivacyPage),
  Terms: lazyPage(() => import("@/web/features/marketing/pages/terms-page"), (m) => m.TermsPage),
};
// The signed-in shell (sidebar, dialogs, tooltips) is a chunk of its own: visitors never load it.
const AppLayout = lazyPage(() => import("./layouts/app-layout"), (m) => m.AppLayout);
const Auth = lazyPage(() => import("@/web/features/auth/auth-page"), (m) => m.AuthPage);
const ResetPassword = lazyPage(() => import("@/web/features/auth/reset-password-page"), (m) => m.ResetPasswordPage);
const Dashboard = lazyPage(() => import("@/web/features/dashboard/dashboard-page"), (m) => m.DashboardPage);
const Planes = lazyPage(() => import("@/web/features/planes/planes-page"), (m) => m.PlanesPage);
const PlanePage = lazyPage(() => import("@/web/features/planes/plane-page"), (m) => m.PlanePage);
const ProjectPage = lazyPage(() => import("@/web/features/projects/project-page"), (m) => m.ProjectPage);
const Onboarding = lazyPage(() => import("@/web/features/onboarding/onboarding-page"), (m) => m.OnboardingPage);
const ApiKeys = lazyPage(() => import("@/web/features/connections/api-keys-page"), (m) => m.ApiKeysPage);
const Integrations = lazyPage(() => import("@/web/features/connections/integrations-page"), (m) => m.IntegrationsPage);
const Flags = lazyPage(() => import("@/web/features/flags/flags-page"), (m) => m.FlagsPage);

const notBuilt = (path: string, titleKey: string, inApp = true): RouteObject => ({ path, element: <NotBuiltPage titleKey={titleKey} inApp={inApp} /> });

// Screens later issues build; each has a page now so no link in the shell is dead.
const publicLater: [string, string][] = [
  ["status", "status"], ["smoke", "smoke"], ["ops/smoke", "smoke"], ["dev", "dev"], ["hq", "hq"], ["go-live", "goLive"],
  ["deploy-status", "deployStatus"], ["deploy/wizard", "deployWizard"], ["deploy-wizard", "deployWizard"], ["ops/tools", "opsTools"],
  ["admin", "admin"], ["admin/action-plan", "admin"],
];
const appLater: [string, string][] = [
  ["agents", "agents"], ["agents/orchestrator", "agentsOrchestrator"], ["orchestrator", "orchestrator"],
  ["orchestrator-legacy", "orchestratorLegacy"], ["diagnostics", "diagnostics"], ["self-healing", "selfHealing"],
  ["project-healing", "projectHealing"], ["workflow-builder", "workflowBuilder"], ["settings", "settings"],
  ["admin/action-plan", "actionPlan"],
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <marketing.Landing /> },
          { path: "features", element: <marketing.Features /> },
          { path: "pricing", element: <marketing.Pricing /> },
          { path: "docs", element: <marketing.Docs /> },
          { path: "contact", element: <marketing.Contact /> },
          { path: "privacy", element: <marketing.Privacy /> },
          { path: "terms", element: <marketing.Terms /> },
          ...publicLater.map(([path, key]) => notBuilt(path, key, false)),
        ],
      },
      { path: "auth", element: <Auth /> },
      { path: "auth/reset-password", element: <ResetPassword /> },
      {
        path: "app",
        element: <AppLayout />,
        children: [
          { index: true, element: <Dashboard /> },
          { path: "dashboard", element: <Dashboard /> },
          { path: "onboarding", element: <Onboarding /> },
          { path: "planes", element: <Planes /> },
          { path: "planes/:planeId", element: <PlanePage /> },
          { path: "projects/:projectId", element: <ProjectPage /> },
          { path: "api-keys", element: <ApiKeys /> },
          { path: "integrations", element: <Integrations /> },
          { path: "admin/flags", element: <Flags /> },
          ...appLater.map(([path, key]) => notBuilt(path, key)),
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
