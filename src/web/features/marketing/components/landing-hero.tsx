import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowRight, ShieldCheck } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { appName } from "@/web/lib/app-name";
import { SIGN_UP_PATH, useSignedIn, whenSignedIn } from "../lib/use-signed-in";
import { LandingPreview } from "./landing-preview";

export function LandingHero() {
  const { t } = useTranslation("marketing");
  const signedIn = useSignedIn();
  return (
    <section aria-labelledby="hero-title" className="border-b bg-muted/40">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm font-medium text-primary">
            <ShieldCheck className="size-4" aria-hidden />
            {t("landing.eyebrow")}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t("landing.title")}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">{t("landing.subtitle", { app: appName() })}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={signedIn ? "/app/dashboard" : SIGN_UP_PATH} {...whenSignedIn.href("/app/dashboard")}>
                <span {...whenSignedIn.text(t("cta.goToDashboard"))}>{signedIn ? t("cta.goToDashboard") : t("cta.startTrial")}</span>
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/features">{t("nav.features")}</Link>
            </Button>
          </div>
          {!signedIn && (
            <p className="mt-4 text-sm text-muted-foreground" {...whenSignedIn.hidden}>
              {t("cta.trialNote")}
            </p>
          )}
        </div>
        <LandingPreview />
      </div>
    </section>
  );
}
