import diagnostics from "@/web/i18n/en/diagnostics.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The diagnostics page's text arrives with its own chunk (/app/diagnostics).
addNamespaces({ diagnostics });
