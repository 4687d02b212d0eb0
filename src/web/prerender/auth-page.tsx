import { renderToString } from "react-dom/server";
import { Route, Routes, StaticRouter } from "react-router";
import i18n from "@/web/i18n";
import type { Language } from "@/shared/languages";
import { addBuildTranslations, renderIn } from "./build-i18n";
import { enAuth } from "@/web/i18n/en/auth";
import { AuthPage } from "@/web/features/auth/auth-page";

/**
 * /auth rendered to HTML at build time with the SPA's own AuthPage (the sign-in form, and the
 * sign-up form at ?mode=sign-up): the server answers a plain visit with it (server/prerendered-page.ts),
 * public/auth-page.js loads the SPA on the visitor's first touch or key, and AuthPage takes the form
 * over where they left it (features/auth/static-form.ts).
 */
export const authPageKeys = ["/auth", "/auth?mode=sign-up"];

// The auth text in every language, in this build-time bundle only.
const authTranslations = import.meta.glob<Record<string, unknown>>("../i18n/{de,fr}/auth.json", { eager: true, import: "default" });
for (const [ns, bundle] of Object.entries(enAuth)) i18n.addResourceBundle("en", ns, bundle, true, true);
addBuildTranslations(authTranslations);

export function renderAuthPage(key: string, lng: Language = "en"): string {
  if (!authPageKeys.includes(key)) throw new Error(`prerender: ${key} is not an /auth page`);
  renderIn(lng);
  return renderToString(
    <StaticRouter location={key}>
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
      </Routes>
    </StaticRouter>,
  );
}
