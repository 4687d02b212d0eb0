import i18n from "@/web/i18n";
import prose from "@/web/i18n/en/marketing-prose.json";

// Docs, privacy and terms are long; importing them here puts them in those pages' chunks,
// not in the bundle every visitor loads first.
if (!i18n.hasResourceBundle("en", "marketingProse")) i18n.addResourceBundle("en", "marketingProse", prose);
