import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { createAgentInput, DEFAULT_AGENT_INSTRUCTIONS, DEFAULT_WEBHOOK_PATH, MAX_AGENT_DESCRIPTION, MAX_AGENT_INSTRUCTIONS, MAX_AGENT_NAME, type Agent } from "@/shared/agents";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { FormField } from "@/web/features/auth/form-field";
import { showFailedWrite } from "@/web/lib/failed-write";
import { useSaveAgent } from "../lib/use-save-agent";
import { ProjectPicker } from "./project-picker";

type FormInput = z.input<typeof createAgentInput>;
type FormOutput = z.output<typeof createAgentInput>;
const fields = ["name", "webhook_path", "instructions", "project_default", "description"] as const;

const valuesOf = (agent?: Agent): FormInput => ({
  name: agent?.name ?? "",
  webhook_path: agent?.webhook_path ?? DEFAULT_WEBHOOK_PATH,
  instructions: agent?.instructions ?? DEFAULT_AGENT_INSTRUCTIONS,
  project_default: agent?.project_default ?? "",
  description: agent?.description ?? "",
});

type AgentFormDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; agent?: Agent };

/** Create Agent, or Edit Agent when given one: the shared schema checks the fields before the server does. */
export function AgentFormDialog({ open, onOpenChange, agent }: AgentFormDialogProps) {
  const { t } = useTranslation("agents");
  const { t: tc } = useTranslation();
  const save = useSaveAgent();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(createAgentInput), defaultValues: valuesOf(agent) });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(agent));
  }, [open, agent, form]);

  const submit = form.handleSubmit(async (values) => {
    const result = await save(agent ? { version: agent.version, ...values } : values);
    if (result.ok) return onOpenChange(false);
    showFailedWrite(form, result, fields);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{agent ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
          <DialogDescription>{agent ? t("form.editDescription") : t("form.createDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          {errors.root?.message && <Alert variant="destructive">{errors.root.message}</Alert>}
          <FormField id="agent-name" label={t("form.name")} error={errors.name?.message}>
            <Input {...form.register("name")} placeholder={t("form.namePlaceholder")} maxLength={MAX_AGENT_NAME} autoComplete="off" required />
          </FormField>
          <FormField id="agent-webhook" label={t("form.webhookPath")} error={errors.webhook_path?.message}>
            <Input {...form.register("webhook_path")} maxLength={200} autoComplete="off" spellCheck={false} />
          </FormField>
          <FormField id="agent-instructions" label={t("form.instructions")} error={errors.instructions?.message}>
            <Textarea {...form.register("instructions")} maxLength={MAX_AGENT_INSTRUCTIONS} rows={5} />
          </FormField>
          <FormField id="agent-project" label={t("form.defaultProject")} error={errors.project_default?.message}>
            <ProjectPicker {...form.register("project_default")} enabled={open} current={agent?.project_default ?? null} />
          </FormField>
          <FormField id="agent-description" label={t("form.description")} error={errors.description?.message}>
            <Textarea {...form.register("description")} placeholder={t("form.descriptionPlaceholder")} maxLength={MAX_AGENT_DESCRIPTION} rows={2} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t("form.saving") : agent ? t("form.save") : t("form.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
