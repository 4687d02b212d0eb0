import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { enPublic } from "./en/public";

export const defaultNS = "common";

// The public pages' text is bundled: no network round trip before first paint. The signed-in
// app's namespaces come with its code (app-resources.ts). German and French add a folder.
void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  ns: Object.keys(enPublic),
  defaultNS,
  resources: { en: enPublic },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
