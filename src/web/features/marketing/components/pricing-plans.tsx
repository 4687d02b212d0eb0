import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Check } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";
import { formatCurrency } from "@/web/lib/format";
import { SIGN_UP_PATH, useSignedIn, whenSignedIn } from "../lib/use-signed-in";
import { contactEmails } from "./contact-info";

type PlanKey = "starter" | "professional" | "enterprise";
const plans: PlanKey[] = ["starter", "professional", "enterprise"];
/** Monthly prices in euros, written in the reader's language ("€29", "29 €"); Enterprise has its word instead. */
const amounts: Partial<Record<PlanKey, number>> = { starter: 0, professional: 29 };

function PlanCard({ plan, signedIn }: { plan: PlanKey; signedIn: boolean }) {
  const { t } = useTranslation("marketing");
  const popular = plan === "professional";
  const name = t(`pricing.plans.${plan}.name`);
  const period = t(`pricing.plans.${plan}.period`);
  const features: string[] = t(`pricing.plans.${plan}.features`, { returnObjects: true });
  return (
    <Card className={cn("relative flex flex-col", popular && "border-primary ring-2 ring-primary")}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <h3>{name}</h3>
          </CardTitle>
          {popular && (
            <span className="rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">{t("pricing.mostPopular")}</span>
          )}
        </div>
        <CardDescription>{t(`pricing.plans.${plan}.description`)}</CardDescription>
        <p className="mt-4 flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">{amounts[plan] !== undefined ? formatCurrency(amounts[plan], "EUR") : t(`pricing.plans.${plan}.price`)}</span>
          {period && <span className="text-muted-foreground">{period.startsWith("/") ? period : ` ${period}`}</span>}
        </p>
        {popular && <p className="text-sm font-medium text-primary">{t("pricing.trialBadge")}</p>}
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-3 text-sm" aria-label={t("pricing.includes", { plan: name })}>
          {features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-3">
        {/* Get Started and Start Free Trial open sign-up for a visitor; Contact Sales keeps /app. */}
        <Button asChild variant={popular ? "default" : "outline"} className="w-full">
          <Link to={signedIn || plan === "enterprise" ? "/app" : SIGN_UP_PATH} {...whenSignedIn.href("/app")}>{t(`pricing.plans.${plan}.cta`)}</Link>
        </Button>
        {plan === "enterprise" && (
          <a href={`mailto:${contactEmails.sales}`} className="text-center text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground">
            {contactEmails.sales}
          </a>
        )}
      </CardFooter>
    </Card>
  );
}

export function PricingPlans() {
  const { t } = useTranslation("marketing");
  const signedIn = useSignedIn();
  return (
    <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 pt-12">
      <h2 id="plans-title" className="sr-only">
        {t("pricing.plansTitle")}
      </h2>
      <div className="grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan} plan={plan} signedIn={signedIn} />
        ))}
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">{t("pricing.vatNote")}</p>
    </section>
  );
}
