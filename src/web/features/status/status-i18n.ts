import status from "@/web/i18n/en/status.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The status page's text arrives with its own chunk (/status), not with the public entry.
addNamespaces({ status });
