import planes from "@/web/i18n/en/planes.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// Arrives with the components that use it, not with the /app shell.
addNamespaces({ planes });
