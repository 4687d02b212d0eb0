import team from "@/web/i18n/en/team.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// Arrives with the task page, board and inbox, not with the /app shell.
addNamespaces({ team });
