import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES } from "@/shared/languages";
import { changeLanguage } from "@/web/i18n/language";
import { cn } from "@/web/lib/cn";

/**
 * The public pages' language choice. A prerendered page (no React) follows the link: the server
 * answers `?lang=de` in German and keeps the choice in a cookie (src/server/static.ts), and
 * public-page.js copies it for the app. In the SPA the click switches in place.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation("language");
  const { pathname } = useLocation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <nav aria-label={t("switcherLabel")}>
      <ul className="flex gap-3">
        {LANGUAGES.map((lng) => (
          <li key={lng}>
            <a
              href={`${pathname}?lang=${lng}`}
              hrefLang={lng}
              lang={lng}
              data-language={lng}
              aria-current={lng === current ? "true" : undefined}
              className={cn("underline-offset-4 hover:text-foreground hover:underline", lng === current && "font-medium text-foreground")}
              onClick={(e) => {
                e.preventDefault();
                void changeLanguage(lng);
              }}
            >
              {LANGUAGE_NAMES[lng]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
