import workflowBuilder from "@/web/i18n/en/workflow-builder.json";
import workflowCanvas from "@/web/i18n/en/workflow-canvas.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The builder's text arrives with the builder's own chunk, not with the /app shell.
addNamespaces({ workflowBuilder, workflowCanvas });
