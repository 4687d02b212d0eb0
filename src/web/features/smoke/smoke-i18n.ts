import smoke from "@/web/i18n/en/smoke.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The smoke tests' text arrives with their own chunk (/smoke, /ops/smoke), not with the public entry.
addNamespaces({ smoke });
