import { useEffect } from "react";
import { localizeValidationMessage } from "@/web/lib/validation-messages";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { apiKeyProviders, createConnectionInput, updateConnectionInput, type Connection } from "@/shared/connections";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Textarea } from "@/web/components/ui/textarea";
import { FormField } from "@/web/features/auth/form-field";
import { useProviderName } from "../lib/provider-name";
import { showFailedWrite } from "@/web/lib/failed-write";
import { useSaveConnection, type SaveInput } from "../lib/use-save-connection";
import { SecretInput } from "./secret-input";

type FormValues = { provider: string; api_key: string; endpoint: string; description: string };
const fields = ["provider", "api_key", "endpoint", "description"] as const;
const isField = (key: unknown): key is (typeof fields)[number] => (fields as readonly unknown[]).includes(key);

type ConnectionFormDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; connection?: Connection; takenProviders: string[] };

/** Adds a key, or edits one: an empty key field keeps the key that is stored. */
export function ConnectionFormDialog({ open, onOpenChange, connection, takenProviders }: ConnectionFormDialogProps) {
  const { t } = useTranslation("connections");
  const { t: tc } = useTranslation();
  const providerName = useProviderName();
  const save = useSaveConnection();
  const form = useForm<FormValues>({ defaultValues: { provider: "", api_key: "", endpoint: "", description: "" } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset({ provider: connection?.provider ?? "", api_key: "", endpoint: connection?.endpoint ?? "", description: connection?.description ?? "" });
  }, [open, connection, form]);

  const submit = form.handleSubmit(async (values) => {
    const apiKey = values.api_key.trim();
    if (!values.provider || (!connection && !apiKey)) return form.setError("root", { message: t("form.required") });
    // The same schemas the server parses with: the browser shows their messages before a round trip.
    const showIssues = (error: z.ZodError) => {
      for (const issue of error.issues) if (isField(issue.path[0])) form.setError(issue.path[0], { message: localizeValidationMessage(issue.message) });
    };
    let input: SaveInput;
    if (connection) {
      const parsed = updateConnectionInput.safeParse({ api_key: apiKey || undefined, endpoint: values.endpoint, description: values.description });
      if (!parsed.success) return showIssues(parsed.error);
      input = { connectionId: connection.id, ...parsed.data };
    } else {
      const parsed = createConnectionInput.safeParse({ provider: values.provider, api_key: apiKey, endpoint: values.endpoint, description: values.description });
      if (!parsed.success) return showIssues(parsed.error);
      input = parsed.data;
    }
    const result = await save(input);
    if (result.ok) return onOpenChange(false);
    showFailedWrite(form, result, fields);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{connection ? t("form.editTitle", { provider: providerName(connection.provider) }) : t("form.addTitle")}</DialogTitle>
          <DialogDescription>{connection ? t("form.editDescription") : t("form.addDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          {errors.root?.message && <Alert variant="destructive">{errors.root.message}</Alert>}
          <FormField id="connection-provider" label={t("form.provider")} error={errors.provider?.message}>
            <NativeSelect {...form.register("provider")} disabled={Boolean(connection)}>
              <option value="" disabled>
                {t("form.providerPlaceholder")}
              </option>
              {(connection && !apiKeyProviders.some((p) => p === connection.provider) ? [connection.provider] : apiKeyProviders).map((p) => {
                const taken = p !== connection?.provider && takenProviders.includes(p);
                return (
                  <option key={p} value={p} disabled={taken}>
                    {taken ? t("form.taken", { provider: providerName(p) }) : providerName(p)}
                  </option>
                );
              })}
            </NativeSelect>
          </FormField>
          <FormField id="connection-key" label={connection ? t("form.apiKeyKeep") : t("form.apiKey")} error={errors.api_key?.message}>
            <SecretInput {...form.register("api_key")} placeholder={connection?.masked_key ?? t("form.apiKeyPlaceholder")} maxLength={1000} />
          </FormField>
          <FormField id="connection-endpoint" label={t("form.endpoint")} error={errors.endpoint?.message}>
            <Input {...form.register("endpoint")} type="url" inputMode="url" placeholder={t("form.endpointPlaceholder")} maxLength={2048} />
          </FormField>
          <FormField id="connection-description" label={t("form.description")} error={errors.description?.message}>
            <Textarea {...form.register("description")} placeholder={t("form.descriptionPlaceholder")} maxLength={500} rows={2} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t("form.saving") : t("form.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
