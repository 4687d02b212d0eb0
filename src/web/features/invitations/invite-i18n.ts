import invite from "@/web/i18n/en/invite.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

addNamespaces({ invite });
