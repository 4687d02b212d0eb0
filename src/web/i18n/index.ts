import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";

export const defaultNS = "common";
export const resources = { en } as const;

// Bundled resources: no network round trip before first paint. German and French add a folder.
void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  ns: Object.keys(en),
  defaultNS,
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
