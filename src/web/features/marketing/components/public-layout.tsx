import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import marketing from "@/web/i18n/en/marketing.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";
import { PublicFooter } from "./public-footer";
import { PublicHeader } from "./public-header";

addNamespaces({ marketing });

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <PublicHeader />
      {/* At least a screen tall: while a page's chunk loads, the footer waits below the fold instead of jumping down (CLS). */}
      <main id="main" className="min-h-screen flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
