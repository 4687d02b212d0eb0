import { Link, Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { authClient } from "@/web/lib/auth-client";
import { appName } from "@/web/lib/app-name";

export function PublicLayout() {
  const { t } = useTranslation("marketing");
  const session = authClient.useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
          <Link to="/" className="font-semibold">
            {appName()}
          </Link>
          <nav aria-label={t("nav.features")} className="hidden gap-4 text-sm md:flex">
            <Link to="/features">{t("nav.features")}</Link>
            <Link to="/pricing">{t("nav.pricing")}</Link>
            <a href="/#about">{t("nav.about")}</a>
            <Link to="/docs">{t("nav.docs")}</Link>
            <Link to="/contact">{t("nav.contact")}</Link>
          </nav>
          <div className="ml-auto">
            <Button asChild size="sm">
              <Link to={session.data ? "/app/dashboard" : "/auth"}>{session.data ? t("nav.dashboard") : t("nav.signIn")}</Link>
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t py-8 text-sm text-muted-foreground">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4">
          <span>{t("footer.rights", { year: new Date().getFullYear(), app: appName() })}</span>
          <Link to="/privacy" className="ml-auto">
            {t("footer.privacy")}
          </Link>
          <Link to="/terms">{t("footer.terms")}</Link>
        </div>
      </footer>
    </div>
  );
}
