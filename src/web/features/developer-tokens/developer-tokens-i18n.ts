import developerTokens from "@/web/i18n/en/developer-tokens.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

addNamespaces({ developerTokens });
