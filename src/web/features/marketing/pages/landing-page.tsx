import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { authClient } from "@/web/lib/auth-client";
import { CtaBand } from "../components/cta-band";
import { LandingEu } from "../components/landing-eu";
import { LandingFeatures } from "../components/landing-features";
import { LandingHero } from "../components/landing-hero";

export function LandingPage() {
  const { t } = useTranslation("marketing");
  const { data: session } = authClient.useSession();
  return (
    <>
      <LandingHero />
      <LandingFeatures />
      <LandingEu />
      <CtaBand id="landing-cta" title={t("landing.ctaTitle")} body={t("landing.ctaBody")}>
        <Button asChild size="lg">
          <Link to={session ? "/app/dashboard" : "/auth"}>{session ? t("cta.dashboard") : t("cta.getStarted")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/pricing">{t("cta.viewPricing")}</Link>
        </Button>
      </CtaBand>
    </>
  );
}
