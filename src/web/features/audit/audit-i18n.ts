import audit from "@/web/i18n/en/audit.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

addNamespaces({ audit });
