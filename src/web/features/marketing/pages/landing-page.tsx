import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { CtaBand } from "../components/cta-band";
import { LandingEu } from "../components/landing-eu";
import { LandingFeatures } from "../components/landing-features";
import { LandingHero } from "../components/landing-hero";
import { SIGN_UP_PATH, useSignedIn, whenSignedIn } from "../lib/use-signed-in";

export function LandingPage() {
  const { t } = useTranslation("marketing");
  const signedIn = useSignedIn();
  return (
    <>
      <LandingHero />
      <LandingFeatures />
      <LandingEu />
      <CtaBand id="landing-cta" title={t("landing.ctaTitle")} body={t("landing.ctaBody")}>
        <Button asChild size="lg">
          <Link to={signedIn ? "/app/dashboard" : SIGN_UP_PATH} {...whenSignedIn.href("/app/dashboard")} {...whenSignedIn.text(t("cta.dashboard"))}>
            {signedIn ? t("cta.dashboard") : t("cta.getStarted")}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/pricing">{t("cta.viewPricing")}</Link>
        </Button>
      </CtaBand>
    </>
  );
}
