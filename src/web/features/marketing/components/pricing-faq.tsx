import { Link } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import { ChevronDown } from "lucide-react";
import { appName } from "@/web/lib/app-name";

type Faq = { q: string; a: string };
const inlineLink = "font-medium text-primary underline underline-offset-4";

/** Questions as native <details> so they open with the keyboard and without script. */
export function PricingFaq() {
  const { t } = useTranslation("marketing");
  const faq: Faq[] = t("pricing.faq", { returnObjects: true, app: appName() });
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
      <h2 id="faq-title" className="text-center text-3xl font-semibold tracking-tight">
        {t("pricing.faqTitle")}
      </h2>
      <div className="mt-10 divide-y rounded-xl border bg-card">
        {faq.map((item) => (
          <details key={item.q} className="group p-5">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card [&::-webkit-details-marker]:hidden">
              {item.q}
              <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <p className="mt-3 leading-7 text-muted-foreground">{item.a}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-center text-muted-foreground">
        <Trans
          t={t}
          i18nKey="pricing.moreQuestions"
          components={{ docs: <Link to="/docs" className={inlineLink} />, contact: <Link to="/contact" className={inlineLink} /> }}
        />
      </p>
    </section>
  );
}
