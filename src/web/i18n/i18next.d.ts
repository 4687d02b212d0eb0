import "i18next";
import type { defaultNS } from "./index";
import type { EnResources } from "./en";
import type prose from "./en/marketing-prose.json";
import type chat from "./en/chat.json";
import type hq from "./en/hq.json";
import type agents from "./en/agents.json";
import type flags from "./en/flags.json";
import type onboarding from "./en/onboarding.json";
import type status from "./en/status.json";
import type workflowBuilder from "./en/workflow-builder.json";
import type workflowCanvas from "./en/workflow-canvas.json";
import type actionPlan from "./en/action-plan.json";
import type settings from "./en/settings.json";
import type validation from "./en/validation.json";
import type smoke from "./en/smoke.json";
import type opsGuides from "./en/ops-guides.json";
import type projectHealing from "./en/project-healing.json";
import type diagnostics from "./en/diagnostics.json";
import type selfHealing from "./en/self-healing.json";
import type invite from "./en/invite.json";
import type dataRights from "./en/data-rights.json";
import type audit from "./en/audit.json";
import type developerTokens from "./en/developer-tokens.json";
import type calendarFeed from "./en/calendar-feed.json";
import type marketing from "./en/marketing.json";
import type planes from "./en/planes.json";
import type projects from "./en/projects.json";
import type palette from "./en/palette.json";
import type team from "./en/team.json";
import type integrationCards from "./en/integration-cards.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Registered after start: the app's namespaces by app-resources.ts; marketingProse, chat, hq, agents, flags, onboarding, status, workflowBuilder, workflowCanvas and actionPlan by the pages that use them.
    resources: EnResources & { marketingProse: typeof prose; chat: typeof chat; hq: typeof hq; agents: typeof agents; flags: typeof flags; onboarding: typeof onboarding; status: typeof status; workflowBuilder: typeof workflowBuilder; workflowCanvas: typeof workflowCanvas; actionPlan: typeof actionPlan } & { opsGuides: typeof opsGuides } & { projectHealing: typeof projectHealing } & { diagnostics: typeof diagnostics } & { smoke: typeof smoke } & { selfHealing: typeof selfHealing } & { settings: typeof settings } & { validation: typeof validation } & { invite: typeof invite } & { dataRights: typeof dataRights; audit: typeof audit } & { developerTokens: typeof developerTokens } & { calendarFeed: typeof calendarFeed } & { marketing: typeof marketing } & { planes: typeof planes; projects: typeof projects; palette: typeof palette } & { team: typeof team } & { integrationCards: typeof integrationCards };
  }
}
