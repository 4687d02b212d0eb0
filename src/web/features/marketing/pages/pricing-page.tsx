import { useTranslation } from "react-i18next";
import { PageIntro } from "../components/page-intro";
import { PricingFaq } from "../components/pricing-faq";
import { PricingPlans } from "../components/pricing-plans";

export function PricingPage() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <PageIntro title={t("pricing.title")} lead={t("pricing.lead")} />
      <PricingPlans />
      <PricingFaq />
    </>
  );
}
