import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowRight } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { appName } from "@/web/lib/app-name";
import { CtaBand } from "../components/cta-band";
import { FeatureGrid } from "../components/feature-grid";
import { PageIntro } from "../components/page-intro";
import { SIGN_UP_PATH, useSignedIn, whenSignedIn } from "../lib/use-signed-in";

export function FeaturesPage() {
  const { t } = useTranslation("marketing");
  const signedIn = useSignedIn();
  return (
    <>
      <PageIntro title={t("features.title")} lead={t("features.lead", { app: appName() })}>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={signedIn ? "/app" : SIGN_UP_PATH} {...whenSignedIn.href("/app")}>
              {t("features.ctaPrimary")}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/pricing">{t("cta.viewPricing")}</Link>
          </Button>
        </div>
      </PageIntro>
      <FeatureGrid />
      <CtaBand id="features-cta" title={t("features.ctaTitle")} body={t("features.ctaBody")}>
        <Button asChild size="lg">
          <Link to="/app">{t("features.ctaSecondary")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/docs">{t("cta.readDocs")}</Link>
        </Button>
      </CtaBand>
    </>
  );
}
