import flags from "@/web/i18n/en/flags.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The page's text arrives with the page's own chunk, not with the /app shell.
addNamespaces({ flags });
