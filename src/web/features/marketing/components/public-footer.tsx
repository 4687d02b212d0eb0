import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { appName } from "@/web/lib/app-name";
import { LanguageSwitcher } from "./language-switcher";

const linkClass = "underline-offset-4 hover:text-foreground hover:underline";

export function PublicFooter() {
  const { t } = useTranslation("marketing");
  return (
    <footer className="border-t py-8 text-sm text-muted-foreground">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 md:flex-row md:items-center">
        <p>{t("footer.rights", { year: new Date().getFullYear(), app: appName() })}</p>
        <nav aria-label={t("footer.label")} className="md:ml-auto">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li><Link to="/features" className={linkClass}>{t("nav.features")}</Link></li>
            <li><Link to="/pricing" className={linkClass}>{t("nav.pricing")}</Link></li>
            <li><Link to="/docs" className={linkClass}>{t("nav.docs")}</Link></li>
            <li><Link to="/contact" className={linkClass}>{t("nav.contact")}</Link></li>
            <li><Link to="/privacy" className={linkClass}>{t("footer.privacy")}</Link></li>
            <li><Link to="/terms" className={linkClass}>{t("footer.terms")}</Link></li>
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </footer>
  );
}
