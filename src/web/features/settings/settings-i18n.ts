import settings from "@/web/i18n/en/settings.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

addNamespaces({ settings });
