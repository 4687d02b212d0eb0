import connections from "./connections.json";
import dashboard from "./dashboard.json";
import palette from "./palette.json";
import planes from "./planes.json";
import projects from "./projects.json";
import tasks from "./tasks.json";

/** The signed-in app's text, loaded with its shell (app/router.tsx). */
// Agents, flags and onboarding come with their own pages (their features' *-i18n.ts), not with the shell.
export const enApp = { dashboard, tasks, planes, projects, palette, connections };
