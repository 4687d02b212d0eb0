import { useState } from "react";
import { Link, NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { Menu, Sparkles, X } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { ThemeToggle } from "@/web/app/layouts/theme-toggle";
import { appName } from "@/web/lib/app-name";
import { cn } from "@/web/lib/cn";
import { useSignedIn, whenSignedIn } from "../lib/use-signed-in";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-2 py-2 text-sm transition-colors hover:text-foreground md:py-1",
    isActive ? "font-medium text-foreground" : "text-muted-foreground",
  );

export function PublicHeader() {
  const { t } = useTranslation("marketing");
  const signedIn = useSignedIn();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const app = appName();

  return (
    <header className="border-b bg-background" onKeyDown={(e) => e.key === "Escape" && close()}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-3 md:h-16 md:flex-nowrap md:py-0">
        <Link to="/" className="flex items-center gap-2 font-semibold" onClick={close}>
          <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Sparkles className="size-4" aria-hidden />
          </span>
          <span>{app}</span>
        </Link>
        <nav id="public-nav" aria-label={t("nav.label")} className={cn("order-last w-full md:order-none md:block md:w-auto", open ? "block" : "hidden")}>
          <ul className="flex flex-col gap-1 border-t py-2 md:flex-row md:gap-3 md:border-0 md:py-0">
            <li><NavLink to="/features" className={navLinkClass} onClick={close}>{t("nav.features")}</NavLink></li>
            <li><NavLink to="/pricing" className={navLinkClass} onClick={close}>{t("nav.pricing")}</NavLink></li>
            <li><Link to={{ pathname: "/", hash: "#about" }} className={navLinkClass({ isActive: false })} onClick={close}>{t("nav.about")}</Link></li>
            <li><NavLink to="/docs" className={navLinkClass} onClick={close}>{t("nav.docs")}</NavLink></li>
            <li><NavLink to="/contact" className={navLinkClass} onClick={close}>{t("nav.contact")}</NavLink></li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button asChild size="sm">
            <Link to={signedIn ? "/app/dashboard" : "/auth"} {...whenSignedIn.href("/app/dashboard")} {...whenSignedIn.text(t("nav.dashboard"))}>
              {signedIn ? t("nav.dashboard") : t("nav.signIn")}
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="group md:hidden"
            data-menu-toggle=""
            data-open-label={t("nav.openMenu")}
            data-close-label={t("nav.closeMenu")}
            aria-expanded={open}
            aria-controls="public-nav"
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setOpen((o) => !o)}
          >
            {/* Both drawn, the button's aria-expanded picks one: the prerendered page toggles it without React. */}
            <Menu aria-hidden className="group-aria-expanded:hidden" />
            <X aria-hidden className="hidden group-aria-expanded:block" />
          </Button>
        </div>
      </div>
    </header>
  );
}
