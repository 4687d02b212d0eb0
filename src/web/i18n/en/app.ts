import agents from "./agents.json";
import connections from "./connections.json";
import dashboard from "./dashboard.json";
import flags from "./flags.json";
import onboarding from "./onboarding.json";
import palette from "./palette.json";
import planes from "./planes.json";
import projects from "./projects.json";
import tasks from "./tasks.json";

/** The signed-in app's text, loaded with its shell (app/router.tsx). */
export const enApp = { dashboard, tasks, planes, projects, palette, onboarding, connections, flags, agents };
