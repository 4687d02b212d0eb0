import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES } from "@/shared/languages";
import { enPublic } from "./en/public";
import { initialLanguage } from "./language";
import { translationsBackend } from "./translations";

export const defaultNS = "common";

// The public pages' English is bundled: no network round trip before first paint. The signed-in
// app's namespaces come with its code (app-resources.ts). German and French are fetched per
// namespace, only for a reader of that language (translations.ts); until a namespace arrives the
// page using it suspends, so no English flashes in between.
const lng = initialLanguage();

if (typeof document !== "undefined") {
  i18n.on("languageChanged", (current) => {
    document.documentElement.lang = current;
  });
}

/** Resolves when the first language's public namespaces are here; main.tsx renders after it. */
export const i18nReady = i18n
  .use(initReactI18next)
  .use(translationsBackend)
  .init({
    lng,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(enPublic),
    defaultNS,
    resources: { en: enPublic },
    // English bundled, the others from the backend.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .catch(() => undefined);

export default i18n;
