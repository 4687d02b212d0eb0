import { Trash2, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { readNodeForm, writeNodeForm, type WorkflowProblem } from "@/shared/n8n";
import { n8nWebhookOf, type WorkflowDraft, type WorkflowNode } from "@/shared/workflows";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { toast } from "@/web/lib/toast";
import { connect, connectRefusal, removeConnections, removeNodes, replaceNode } from "../lib/draft-edits";
import { handleId, parseHandle, portsOf } from "../lib/flow-elements";
import { fieldAria, FormField } from "./form-field";
import { NodeFormFields } from "./node-form-fields";
import { useSharedText } from "../lib/shared-texts";

type Props = {
  draft: WorkflowDraft;
  node: WorkflowNode;
  problems: WorkflowProblem[];
  onChange: (draft: WorkflowDraft, merge?: string) => void;
  onSelect: (id: string | null) => void;
};

/**
 * The selected node's name, parameters and outgoing connections. Connecting here is the
 * keyboard's way to do what dragging between ports does on the canvas.
 */
export function NodeParametersPanel({ draft, node, problems, onChange, onSelect }: Props) {
  const { t } = useTranslation("workflowCanvas");
  const said = useSharedText();
  const form = readNodeForm(node);
  const errors: Record<string, string> = {};
  for (const p of problems) if (p.field) errors[p.field] ??= said(p.message.replace(`${node.name}: `, ""));
  const duplicate = problems.find((p) => p.code === "duplicate_name");
  const nameProblem = duplicate && said(duplicate.message);
  const nameId = `node-${node.id}-name`;
  const webhookFallback = draft.settings.webhookPath.trim() || n8nWebhookOf(draft.name) || "webhook";
  const typeLabel = node.type === "opaque" ? String(node.n8n?.type ?? "") : t(`types.${node.type}`);

  // This node's ports only: the panel re-renders on every keystroke, also in a 500-node workflow.
  const outputs = portsOf({ nodes: [node], connections: draft.connections.filter((c) => c.from === node.id) }).get(node.id)?.outputs ?? [];
  const [output, setOutput] = useState(outputs[0]?.id ?? handleId("main", 0));
  const NO_TARGET = "none";
  const [target, setTarget] = useState(NO_TARGET);
  const outputSelectId = useId();
  const targetSelectId = useId();
  const nameOf = new Map(draft.nodes.map((n) => [n.id, n.name]));
  const outgoing = draft.connections.filter((c) => c.from === node.id);
  const outputLabel = (kind: string, index: number) =>
    kind !== "main" ? t("ports.kind", { kind, index }) : node.type === "condition" ? (index === 0 ? t("ports.true") : t("ports.false")) : outputs.length > 1 ? t("ports.kind", { kind: t("ports.output"), index: index + 1 }) : t("ports.output");

  const addConnection = () => {
    const out = parseHandle(output);
    const connection = { from: node.id, to: target, output: out.index, input: 0, kind: out.kind };
    const refusal = connectRefusal(draft, connection);
    if (refusal) {
      toast.error(t(`refusals.${refusal}`));
      return;
    }
    onChange(connect(draft, connection));
    setTarget(NO_TARGET);
  };

  return (
    <section aria-labelledby={`${nameId}-title`} className="grid content-start gap-4 rounded-lg border bg-card p-4" data-testid="node-parameters">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${nameId}-title`} className="font-semibold">
          {t("panel.title")}
        </h3>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-destructive"
            onClick={() => {
              onChange(removeNodes(draft, new Set([node.id])));
              onSelect(null);
            }}
          >
            <Trash2 aria-hidden />
            {t("panel.delete")}
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {t("panel.type")}: {typeLabel}
      </p>
      <FormField id={nameId} label={t("panel.name")} error={nameProblem}>
        <Input {...fieldAria(nameId, nameProblem)} value={node.name} maxLength={128} onChange={(e) => onChange(replaceNode(draft, { ...node, name: e.target.value }), `name:${node.id}`)} />
      </FormField>
      {form ? (
        <NodeFormFields nodeId={node.id} form={form} errors={errors} webhookFallback={webhookFallback} onChange={(next, field) => onChange(replaceNode(draft, writeNodeForm(node, next)), `${node.id}:${field}`)} />
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t("panel.opaqueNote", { type: typeLabel })}</p>
          <details>
            <summary className="cursor-pointer text-sm font-medium">{t("panel.opaqueParameters")}</summary>
            <pre className="mt-2 max-h-60 overflow-auto rounded bg-muted p-2 text-xs">{JSON.stringify(node.parameters, null, 2)}</pre>
          </details>
        </div>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("panel.connections")}</legend>
        {outgoing.length === 0 ? (
          <p className="text-xs text-muted-foreground">{t("panel.noConnections")}</p>
        ) : (
          <ul className="grid gap-1">
            {outgoing.map((c) => {
              const targetName = nameOf.get(c.to) ?? "?";
              return (
                <li key={`${c.kind}:${c.output}>${c.to}:${c.input}`} className="flex items-center justify-between gap-2 text-sm">
                  <span>{t("panel.connectionTo", { output: outputLabel(c.kind, c.output), target: targetName })}</span>
                  <Button type="button" variant="ghost" size="icon" aria-label={t("panel.removeConnection", { target: targetName })} onClick={() => onChange(removeConnections(draft, [c]))}>
                    <X aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {outputs.length > 0 && (
          <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <FormField id={outputSelectId} label={t("panel.connectFrom")}>
              <NativeSelect id={outputSelectId} value={output} onChange={(e) => setOutput(e.target.value)}>
                {outputs.map((p) => (
                  <option key={p.id} value={p.id}>
                    {outputLabel(p.kind, p.index)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={targetSelectId} label={t("panel.connectTo")}>
              <NativeSelect id={targetSelectId} value={target} onChange={(e) => setTarget(e.target.value)}>
                <option value={NO_TARGET} disabled>
                  {t("panel.chooseTarget")}
                </option>
                {draft.nodes
                  .filter((n) => n.id !== node.id)
                  .map((n) => (
                    <option key={n.id} value={n.id}>
                      {n.name}
                    </option>
                  ))}
              </NativeSelect>
            </FormField>
            <Button type="button" variant="outline" disabled={target === NO_TARGET} onClick={addConnection}>
              {t("panel.connect")}
            </Button>
          </div>
        )}
      </fieldset>
    </section>
  );
}
