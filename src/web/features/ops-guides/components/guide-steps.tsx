import { useTranslation } from "react-i18next";
import { commandFor, type GuideStep } from "../guide-data";
import { CopyCommand } from "./copy-command";

/** Numbered steps, each with its text and commands; `{appUrl}` becomes this page's address. */
export function GuideSteps({ steps }: { steps: readonly GuideStep[] }) {
  const { t } = useTranslation("opsGuides");
  const appUrl = window.location.origin;
  return (
    <ol className="grid gap-5">
      {steps.map((step, i) => (
        <li key={step.id} className="grid gap-2">
          <h3 className="font-semibold">
            {i + 1}. {t(`steps.${step.id}.title` as "steps.vpsPackages.title")}
          </h3>
          <p className="text-sm text-muted-foreground">{t(`steps.${step.id}.body` as "steps.vpsPackages.body")}</p>
          {step.commands.map((c) => (
            <CopyCommand key={c.id} label={t(`commands.${c.id}` as "commands.installPackages")} command={commandFor(c.command, appUrl)} />
          ))}
        </li>
      ))}
    </ol>
  );
}
