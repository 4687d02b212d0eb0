import projectHealing from "@/web/i18n/en/project-healing.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The page's text arrives with its own chunk.
addNamespaces({ projectHealing });
