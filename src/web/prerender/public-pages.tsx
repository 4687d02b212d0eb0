import { renderToString } from "react-dom/server";
import { Route, Routes, StaticRouter } from "react-router";
import i18n from "@/web/i18n";
import { LANGUAGES, type Language } from "@/shared/languages";
import { addBuildTranslations, renderIn } from "./build-i18n";
import { PublicLayout } from "@/web/features/marketing/components/public-layout";
import { ContactPage } from "@/web/features/marketing/pages/contact-page";
import { DocsPage } from "@/web/features/marketing/pages/docs-page";
import { FeaturesPage } from "@/web/features/marketing/pages/features-page";
import { LandingPage } from "@/web/features/marketing/pages/landing-page";
import { PricingPage } from "@/web/features/marketing/pages/pricing-page";
import { PrivacyPage } from "@/web/features/marketing/pages/privacy-page";
import { TermsPage } from "@/web/features/marketing/pages/terms-page";

/**
 * The public pages rendered to HTML at build time (docs/decisions/005-bundle-budgets.md): a visitor
 * gets the page without React, and public/public-page.js does the little that needs a script
 * (the menu, the theme, the signed-in links). The same components render them in the SPA.
 */
const pages = {
  "/": <LandingPage />,
  "/features": <FeaturesPage />,
  "/pricing": <PricingPage />,
  "/docs": <DocsPage />,
  "/contact": <ContactPage />,
  "/privacy": <PrivacyPage />,
  "/terms": <TermsPage />,
};

export const publicPagePaths = Object.keys(pages);
/** Each page is written once per language; the server picks by cookie, then Accept-Language (src/server/static.ts). */
export const publicPageLanguages: readonly Language[] = LANGUAGES;

// The public pages' German and French, in this build-time bundle only (the browser fetches them: translations.ts).
const publicTranslations = import.meta.glob<Record<string, unknown>>("../i18n/{de,fr}/{common,marketing,shell,language,marketing-prose}.json", { eager: true, import: "default" });
addBuildTranslations(publicTranslations);

/** The words of the page's <meta name="description">, in its language. */
export const publicPageDescription = (lng: Language) => i18n.t("language:siteDescription", { lng });

export function renderPublicPage(path: string, lng: Language = "en"): string {
  const page = pages[path as keyof typeof pages];
  if (!page) throw new Error(`prerender: ${path} is not a public page`);
  renderIn(lng);
  return renderToString(
    <StaticRouter location={path}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path={path} element={page} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
}

// /auth is prerendered by the same build (one SSR entry): auth-page.tsx.
export { authPageKeys, renderAuthPage } from "./auth-page";
