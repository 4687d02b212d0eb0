import auth from "./auth.json";

/** The auth screens' text, which the app's shell uses too (app/app-providers.tsx). */
export const enAuth = { auth };
