import integrationCards from "@/web/i18n/en/integration-cards.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The integration cards' own text (Telegram, mail to task, Browser Use…) arrives with the
// Integrations page, not with the /app shell that every page loads.
addNamespaces({ integrationCards });
