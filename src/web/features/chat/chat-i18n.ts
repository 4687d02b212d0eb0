import chat from "@/web/i18n/en/chat.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The chat's text arrives with the chat's own chunk (the orchestrator pages and /dev), not with the /app shell.
addNamespaces({ chat });
