import { useEffect } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Globe2, KeyRound, Scale, ServerCog, type LucideIcon } from "lucide-react";
import { appName } from "@/web/lib/app-name";

const points: { key: "gdpr" | "hosting" | "residency" | "secrets"; icon: LucideIcon }[] = [
  { key: "gdpr", icon: Scale },
  { key: "hosting", icon: ServerCog },
  { key: "residency", icon: Globe2 },
  { key: "secrets", icon: KeyRound },
];

/** The About anchor (/#about): why the product is European by design. */
export function LandingEu() {
  const { t } = useTranslation("marketing");
  const { hash } = useLocation();
  // The page loads lazily, after the router's own scroll to the hash, so scroll once it exists.
  useEffect(() => {
    if (hash === "#about") document.getElementById("about")?.scrollIntoView();
  }, [hash]);
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-6 border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2 id="about-title" className="text-3xl font-semibold tracking-tight">
          {t("landing.euTitle")}
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">{t("landing.euLead", { app: appName() })}</p>
        <div className="mt-10 grid gap-8 sm:grid-cols-2">
          {points.map(({ key, icon: Icon }) => (
            <div key={key} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-background text-primary shadow-sm">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{t(`landing.eu.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`landing.eu.${key}.body`)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
