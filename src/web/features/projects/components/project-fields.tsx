import "@/web/features/projects/projects-i18n";
import { useTranslation } from "react-i18next";
import { projectStatuses } from "@/shared/work-values";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Textarea } from "@/web/components/ui/textarea";
import { FormField } from "@/web/features/auth/form-field";
import { ColorField } from "./color-field";
import type { FieldErrors } from "@/web/lib/form-errors";

export type ProjectDraft = { name: string; color: string; status: (typeof projectStatuses)[number]; description: string; website_url: string };
export const emptyProjectDraft: ProjectDraft = { name: "", color: "#6366f1", status: "active", description: "", website_url: "" };

type ProjectFieldsProps = { idPrefix: string; draft: ProjectDraft; onChange: (draft: ProjectDraft) => void; errors: FieldErrors; withStatus?: boolean };

/** The fields the create and edit dialogs share. */
export function ProjectFields({ idPrefix, draft, onChange, errors, withStatus }: ProjectFieldsProps) {
  const { t } = useTranslation("projects");
  const set = <K extends keyof ProjectDraft>(key: K, value: ProjectDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <FormField id={`${idPrefix}-name`} label={t("fields.name")} error={errors.name}>
        <Input value={draft.name} placeholder={t("fields.namePlaceholder")} maxLength={120} onChange={(e) => set("name", e.target.value)} />
      </FormField>
      <ColorField id={`${idPrefix}-color`} value={draft.color} onChange={(color) => set("color", color)} error={errors.color} />
      {withStatus && (
        <FormField id={`${idPrefix}-status`} label={t("fields.status")} error={errors.status}>
          <NativeSelect value={draft.status} onChange={(e) => set("status", e.target.value as ProjectDraft["status"])}>
            {projectStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <FormField id={`${idPrefix}-description`} label={t("fields.description")} error={errors.description}>
        <Textarea value={draft.description} placeholder={t("fields.descriptionPlaceholder")} onChange={(e) => set("description", e.target.value)} />
      </FormField>
      <FormField id={`${idPrefix}-website`} label={t("fields.website")} error={errors.website_url}>
        <Input type="url" inputMode="url" value={draft.website_url} placeholder={t("fields.websitePlaceholder")} onChange={(e) => set("website_url", e.target.value)} />
      </FormField>
    </>
  );
}
