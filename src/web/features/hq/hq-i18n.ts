import hq from "@/web/i18n/en/hq.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The switchboard's text arrives with its own chunk (/hq), not with the /app shell.
addNamespaces({ hq });
