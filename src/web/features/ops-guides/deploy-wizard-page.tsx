import { ArrowLeft, ArrowRight } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Progress } from "@/web/components/ui/progress";
import { cn } from "@/web/lib/cn";
import { CopyCommand } from "./components/copy-command";
import { EnvironmentChecks } from "./components/environment-checks";
import { GuideShell } from "./components/guide-shell";
import { HealthNow } from "./components/health-now";
import { commandFor, wizardSteps } from "./guide-data";
import "./ops-guides-i18n";

/** /deploy/wizard and /deploy-wizard: five steps with Back and Next, each with its live check. */
export function DeployWizardPage() {
  const { t } = useTranslation("opsGuides");
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = wizardSteps[index]!;
  const total = wizardSteps.length;
  // Moving on puts focus on the new step's heading, so a screen reader reads where it is.
  const go = (next: number) => {
    setIndex(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  return (
    <GuideShell title={t("wizard.title")} subtitle={t("wizard.subtitle")}>
      <div className="grid gap-2">
        <p className="text-sm font-medium" data-testid="wizard-progress">
          {t("wizard.progress", { step: index + 1, total })}
        </p>
        <Progress value={((index + 1) / total) * 100} label={t("wizard.progress", { step: index + 1, total })} />
        <ol aria-label={t("wizard.stepsLabel")} className="flex flex-wrap gap-2">
          {wizardSteps.map((s, i) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? "step" : undefined}
                className={cn("rounded-md border px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", i === index ? "border-primary bg-primary text-primary-foreground" : i < index ? "bg-muted" : "hover:bg-accent")}
              >
                {i + 1}. {t(`wizard.steps.${s.id}.title`)}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <section aria-labelledby="wizard-step-heading" className="grid gap-4 rounded-xl border bg-card p-5" data-step={step.id}>
        <h2 id="wizard-step-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold focus-visible:outline-none">
          {t(`wizard.steps.${step.id}.title`)}
        </h2>
        <p className="text-sm text-muted-foreground">{t(`wizard.steps.${step.id}.body`)}</p>
        {step.commands.map((c) => (
          <CopyCommand key={c.id} label={t(`commands.${c.id}`)} command={commandFor(c.command, window.location.origin)} />
        ))}
        <div className="grid gap-2">
          <h3 className="font-semibold">{t("wizard.liveCheck")}</h3>
          {step.id === "healthCheck" ? <HealthNow /> : <EnvironmentChecks only={step.checks} />}
        </div>
        {index === total - 1 && <p className="text-sm">{t("wizard.done")}</p>}
      </section>
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" onClick={() => go(index - 1)} disabled={index === 0}>
          <ArrowLeft aria-hidden />
          {t("wizard.back")}
        </Button>
        <Button type="button" onClick={() => go(index + 1)} disabled={index === total - 1}>
          {t("wizard.next")}
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </GuideShell>
  );
}
