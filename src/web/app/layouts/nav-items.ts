import { Activity, Bot, CircleUserRound, KanbanSquare, ListTodo, FlaskConical, Gauge, HeartPulse, KeyRound, Layers, LayoutDashboard, MessageSquare, Plug, Rocket, Settings, Stethoscope, Wand2, Workflow, Wrench, type LucideIcon } from "lucide-react";
import { notBuiltPaths } from "../not-built-routes";

/** soon: the page is not built yet (not-built-routes.ts); the sidebar says so rather than imply it works. */
/** operator: a screen of the platform's operators only (docs/permissions.md); hidden from everyone else. */
/** exact: current only at its own address; a deeper one (a single task under /app/tasks) is not this list. */
export type NavItem = { to: string; icon: LucideIcon; labelKey: `nav.${string}`; soon?: true; operator?: true; exact?: true };

const withSoon = (items: Omit<NavItem, "soon">[]): NavItem[] => items.map((item) => (notBuiltPaths.has(item.to) ? { ...item, soon: true } : item));

export const mainItems = withSoon([
  { to: "/app/dashboard", icon: LayoutDashboard, labelKey: "nav.dashboard" },
  { to: "/app/my-tasks", icon: CircleUserRound, labelKey: "nav.myTasks" },
  { to: "/app/board", icon: KanbanSquare, labelKey: "nav.board" },
  { to: "/app/tasks", icon: ListTodo, labelKey: "nav.allTasks", exact: true },
  { to: "/app/planes", icon: Layers, labelKey: "nav.planes" },
  { to: "/app/api-keys", icon: KeyRound, labelKey: "nav.apiKeys" },
  { to: "/app/integrations", icon: Plug, labelKey: "nav.integrations" },
  { to: "/app/agents", icon: Bot, labelKey: "nav.agents" },
  { to: "/app/settings", icon: Settings, labelKey: "nav.settings" },
]);

export const AI_CHAT_PATH = "/app/orchestrator";

export const ownerItems = withSoon([
  { to: AI_CHAT_PATH, icon: MessageSquare, labelKey: "nav.orchestrator" },
  { to: "/app/workflow-builder", icon: Workflow, labelKey: "nav.workflowBuilder" },
  { to: "/app/diagnostics", icon: Stethoscope, labelKey: "nav.diagnostics", operator: true },
  { to: "/app/self-healing", icon: HeartPulse, labelKey: "nav.selfHealing" },
  { to: "/app/project-healing", icon: Activity, labelKey: "nav.projectHealing" },
]);

export const ownerFooterItems = withSoon([
  { to: "/status", icon: Gauge, labelKey: "nav.systemStatus" },
  { to: "/ops/tools", icon: Wrench, labelKey: "nav.opsTools", operator: true },
  { to: "/smoke", icon: FlaskConical, labelKey: "nav.smokeTests", operator: true },
  { to: "/go-live", icon: Rocket, labelKey: "nav.goLive", operator: true },
  { to: "/deploy/wizard", icon: Wand2, labelKey: "nav.deployWizard", operator: true },
]);
