import actionPlan from "@/web/i18n/en/action-plan.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The checklist's text (58 tasks) arrives with its own chunk.
addNamespaces({ actionPlan });
