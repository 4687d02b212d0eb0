import connections from "./connections.json";
import dashboard from "./dashboard.json";
import tasks from "./tasks.json";

/** The signed-in app's text, loaded with its shell (app/router.tsx). */
// Planes, projects, the palette, agents, flags and onboarding come with their own components (their features' *-i18n.ts), not with the shell.
export const enApp = { dashboard, tasks, connections };
