import { Minus, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { conditionOperators, httpMethods, isOffered, isSingleValueOperator, respondWiths, scheduleUnits, supabaseOperations, webhookResponseModes, type NodeForm } from "@/shared/n8n";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Textarea } from "@/web/components/ui/textarea";
import { fieldAria, FormField } from "./form-field";

const EXPRESSION_EXAMPLE = "={{ $json.total }}";
const openAiModels = ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1", "o4-mini"];

/**
 * A labelled select over `values`. A value n8n wrote that the form does not offer is shown as it
 * is, first, and stays selected (and unchanged in the node) until another is picked.
 */
function SelectField<V extends string>({ id, label, error, values, value, optionLabel, onChange }: { id: string; label: string; error?: string | undefined; values: readonly V[]; value: string; optionLabel?: (value: V) => string; onChange: (value: string) => void }) {
  const { t } = useTranslation("workflowCanvas");
  return (
    <FormField id={id} label={label} error={error}>
      <NativeSelect {...fieldAria(id, error)} value={value} onChange={(e) => onChange(e.target.value)}>
        {!isOffered(values, value) && <option value={value}>{t("panel.kept", { value })}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {optionLabel ? optionLabel(v) : v}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

type Props = { nodeId: string; form: NodeForm; errors: Record<string, string>; webhookFallback: string; onChange: (form: NodeForm, field: string) => void };

/** The parameters n8n needs for each palette type; the rest of a node's parameters are kept as they are. */
export function NodeFormFields({ nodeId, form, errors, webhookFallback, onChange }: Props) {
  const { t } = useTranslation("workflowCanvas");
  const id = (field: string) => `node-${nodeId}-${field}`;
  const aria = (field: string, hint?: string) => fieldAria(id(field), errors[field], hint);
  switch (form.type) {
    case "webhook":
      return (
        <>
          <SelectField id={id("httpMethod")} label={t("panel.httpMethod")} values={httpMethods} value={form.httpMethod} onChange={(v) => onChange({ ...form, httpMethod: v }, "httpMethod")} />
          <FormField id={id("path")} label={t("panel.path")} hint={t("panel.pathHint", { fallback: webhookFallback })} error={errors.path}>
            <Input {...aria("path", "hint")} value={form.path} placeholder={webhookFallback} onChange={(e) => onChange({ ...form, path: e.target.value }, "path")} />
          </FormField>
          <SelectField id={id("responseMode")} label={t("panel.responseMode")} error={errors.responseMode} values={webhookResponseModes} value={form.responseMode} optionLabel={(v) => t(`panel.responseModes.${v}`)} onChange={(v) => onChange({ ...form, responseMode: v }, "responseMode")} />
        </>
      );
    case "schedule":
      return (
        <div className="grid grid-cols-2 gap-3">
          <FormField id={id("every")} label={t("panel.every")} error={errors.every}>
            <Input {...aria("every")} type="number" min={1} step={1} inputMode="numeric" disabled={!isOffered(scheduleUnits, form.unit)} value={Number.isFinite(form.every) ? String(form.every) : ""} onChange={(e) => onChange({ ...form, every: e.target.value === "" ? Number.NaN : Number(e.target.value) }, "every")} />
          </FormField>
          <SelectField id={id("unit")} label={t("panel.unit")} values={scheduleUnits} value={form.unit} optionLabel={(v) => t(`panel.units.${v}`)} onChange={(v) => onChange({ ...form, unit: v }, "unit")} />
        </div>
      );
    case "manual":
      return null;
    case "http":
      return (
        <>
          <SelectField id={id("method")} label={t("panel.httpMethod")} values={httpMethods} value={form.method} onChange={(v) => onChange({ ...form, method: v }, "method")} />
          <FormField id={id("url")} label={t("panel.url")} error={errors.url}>
            <Input {...aria("url")} value={form.url} placeholder={t("panel.urlPlaceholder")} onChange={(e) => onChange({ ...form, url: e.target.value }, "url")} />
          </FormField>
        </>
      );
    case "openai":
      return (
        <>
          <FormField id={id("model")} label={t("panel.model")} error={errors.model}>
            <Input {...aria("model")} list={id("models")} value={form.model} onChange={(e) => onChange({ ...form, model: e.target.value }, "model")} />
            <datalist id={id("models")}>
              {openAiModels.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </FormField>
          <FormField id={id("prompt")} label={t("panel.prompt")} error={errors.prompt}>
            <Textarea {...aria("prompt")} rows={4} value={form.prompt} placeholder={t("panel.promptPlaceholder")} onChange={(e) => onChange({ ...form, prompt: e.target.value }, "prompt")} />
          </FormField>
        </>
      );
    case "supabase":
      return (
        <>
          <SelectField id={id("operation")} label={t("panel.operation")} values={supabaseOperations} value={form.operation} optionLabel={(v) => t(`panel.operations.${v}`)} onChange={(v) => onChange({ ...form, operation: v }, "operation")} />
          <FormField id={id("table")} label={t("panel.table")} error={errors.table}>
            <Input {...aria("table")} value={form.table} onChange={(e) => onChange({ ...form, table: e.target.value }, "table")} />
          </FormField>
        </>
      );
    case "condition":
      return (
        <>
          <FormField id={id("left")} label={t("panel.left")} error={errors.left}>
            <Input {...aria("left")} value={form.left} placeholder={EXPRESSION_EXAMPLE} onChange={(e) => onChange({ ...form, left: e.target.value }, "left")} />
          </FormField>
          <SelectField id={id("operator")} label={t("panel.operator")} values={conditionOperators} value={form.operator} optionLabel={(v) => t(`panel.operators.${v}`)} onChange={(v) => onChange({ ...form, operator: v }, "operator")} />
          {!isSingleValueOperator(form.operator) && (
            <FormField id={id("right")} label={t("panel.right")}>
              <Input {...aria("right")} value={form.right} onChange={(e) => onChange({ ...form, right: e.target.value }, "right")} />
            </FormField>
          )}
        </>
      );
    case "transform":
      return (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("panel.fields")}</legend>
          {form.fields.map((field, i) => (
            <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
              <Input aria-label={t("panel.fieldName", { index: i + 1 })} aria-invalid={errors.fields && field.name.trim() === "" ? true : undefined} value={field.name} onChange={(e) => onChange({ ...form, fields: form.fields.map((f, j) => (j === i ? { ...f, name: e.target.value } : f)) }, `fields.${i}.name`)} />
              <Input aria-label={t("panel.fieldValue", { index: i + 1 })} value={field.value} onChange={(e) => onChange({ ...form, fields: form.fields.map((f, j) => (j === i ? { ...f, value: e.target.value } : f)) }, `fields.${i}.value`)} />
              <Button type="button" variant="ghost" size="icon" aria-label={t("panel.removeField", { index: i + 1 })} onClick={() => onChange({ ...form, fields: form.fields.filter((_, j) => j !== i) }, "fields.remove")}>
                <Minus aria-hidden />
              </Button>
            </div>
          ))}
          {errors.fields && <p className="text-xs text-destructive">{errors.fields}</p>}
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange({ ...form, fields: [...form.fields, { name: "", value: "" }] }, "fields.add")}>
            <Plus aria-hidden />
            {t("panel.addField")}
          </Button>
        </fieldset>
      );
    case "code":
      return (
        <FormField id={id("jsCode")} label={t("panel.jsCode")} error={errors.jsCode}>
          <Textarea {...aria("jsCode")} rows={8} spellCheck={false} className="font-mono text-xs" value={form.jsCode} onChange={(e) => onChange({ ...form, jsCode: e.target.value }, "jsCode")} />
        </FormField>
      );
    case "respond":
      return (
        <>
          <SelectField id={id("respondWith")} label={t("panel.respondWith")} values={respondWiths} value={form.respondWith} optionLabel={(v) => t(`panel.respondWiths.${v}`)} onChange={(v) => onChange({ ...form, respondWith: v }, "respondWith")} />
          {(form.respondWith === "json" || form.respondWith === "text") && (
            <FormField id={id("body")} label={t("panel.body")}>
              <Textarea {...aria("body")} rows={4} spellCheck={false} className="font-mono text-xs" value={form.body} onChange={(e) => onChange({ ...form, body: e.target.value }, "body")} />
            </FormField>
          )}
        </>
      );
  }
}
