import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { RevealableInput } from "@/web/components/ui/revealable-input";

export function PasswordInput(props: ComponentProps<"input">) {
  const { t } = useTranslation("auth");
  return <RevealableInput {...props} showLabel={t("showPassword")} hideLabel={t("hidePassword")} />;
}
