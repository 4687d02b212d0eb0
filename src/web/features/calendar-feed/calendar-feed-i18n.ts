import calendarFeed from "@/web/i18n/en/calendar-feed.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";

addNamespaces({ calendarFeed });
