import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { whatsappConnectInput, type WhatsappConnectInput, type WhatsappStatus } from "@/shared/messaging";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { fieldErrorsOf, formFailureOf, type FieldErrors } from "@/web/lib/form-errors";

type Field = keyof WhatsappConnectInput;
type Props = {
  status: WhatsappStatus;
  isPending: boolean;
  /** Resolves with whether the Graph API read the number; rejects when the request itself failed. */
  onSubmit: (input: WhatsappConnectInput) => Promise<boolean>;
  onCancel?: () => void;
};

/**
 * The owner's four values from Meta. The token and the secret are never sent back to the browser,
 * so they are asked for again on every save; the number's id and the template are filled in.
 */
export function WhatsappConnectForm({ status, isPending, onSubmit, onCancel }: Props) {
  const { t } = useTranslation("integrationCards");
  const { t: tConn } = useTranslation("connections");
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ phone_number_id: status.phone_number_id ?? "", access_token: "", app_secret: "", template_name: status.template_name ?? "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = whatsappConnectInput.safeParse({ ...values, template_name: values.template_name.trim() || null });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      // Refused: what was typed stays, so one wrong value is corrected without typing the others again.
      if (await onSubmit(parsed.data)) setValues((v) => ({ ...v, access_token: "", app_secret: "" }));
    } catch (e) {
      const failure = formFailureOf(e, tConn("toasts.unknownError"));
      setErrors(failure.fields);
      setFormError(Object.keys(failure.fields).length ? null : failure.message);
    }
  };

  const field = (name: Field, label: string, help: string, secret = false) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="grid gap-1">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          id={inputId}
          name={name}
          type={secret ? "password" : "text"}
          autoComplete="off"
          spellCheck={false}
          inputMode={name === "phone_number_id" ? "numeric" : undefined}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-help${error ? ` ${inputId}-error` : ""}`}
        />
        <p id={`${inputId}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
        {error && (
          <p id={`${inputId}-error`} className="text-xs text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {field("phone_number_id", t("whatsapp.phoneNumberIdLabel"), t("whatsapp.phoneNumberIdHelp"))}
      {field("access_token", t("whatsapp.accessTokenLabel"), status.masked_token ? t("whatsapp.accessTokenKept", { masked: status.masked_token }) : t("whatsapp.accessTokenHelp"), true)}
      {field("app_secret", t("whatsapp.appSecretLabel"), t("whatsapp.appSecretHelp"), true)}
      {field("template_name", t("whatsapp.templateLabel"), t("whatsapp.templateHelp"))}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isPending}>
          {isPending ? t("whatsapp.checking") : t("whatsapp.connect")}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            {t("whatsapp.cancelChange")}
          </Button>
        )}
      </div>
    </form>
  );
}
