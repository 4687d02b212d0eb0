import dataRights from "@/web/i18n/en/data-rights.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

addNamespaces({ dataRights });
