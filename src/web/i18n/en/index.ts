import auth from "./auth.json";
import common from "./common.json";
import connections from "./connections.json";
import dashboard from "./dashboard.json";
import flags from "./flags.json";
import marketing from "./marketing.json";
import onboarding from "./onboarding.json";
import palette from "./palette.json";
import planes from "./planes.json";
import projects from "./projects.json";
import shell from "./shell.json";
import tasks from "./tasks.json";

export const en = { common, auth, shell, marketing, dashboard, tasks, planes, projects, palette, onboarding, connections, flags };
