import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { RevealableInput } from "@/web/components/ui/revealable-input";

/** A key field, masked until the user asks to see it; the browser is told not to remember it. */
export function SecretInput(props: ComponentProps<"input">) {
  const { t } = useTranslation("connections");
  return <RevealableInput {...props} autoComplete="off" spellCheck={false} className="font-mono" showLabel={t("form.showKey")} hideLabel={t("form.hideKey")} />;
}
