import opsGuides from "@/web/i18n/en/ops-guides.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

// The operator guides' text arrives with their chunk (/go-live, /deploy-status, /deploy/wizard, /ops/tools).
addNamespaces({ opsGuides });
