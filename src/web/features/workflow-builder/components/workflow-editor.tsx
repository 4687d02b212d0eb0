import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { CloudUpload, Download, Save, Upload } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { validateWorkflow, type ImportReport } from "@/shared/n8n";
import { toast } from "@/web/lib/toast";
import { n8nWebhookOf, workflowTriggers, type PaletteNodeType, type WorkflowDraft, type WorkflowTrigger } from "@/shared/workflows";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { Textarea } from "@/web/components/ui/textarea";
import { addNode } from "../lib/draft-edits";
import { readTimeout } from "../lib/timeout-input";
import { changeTrigger, hasWebhookNode, setWebhookPath, webhookPathOf, withWebhookPathInStep } from "../lib/webhook-path";
import type { useWorkflowHistory } from "../lib/use-workflow-history";
import { fieldAria, FormField } from "./form-field";
import { ImportReportCard } from "./import-report-card";
import { NodeList } from "./node-list";
import { NodeParametersPanel } from "./node-parameters-panel";
import { WorkflowCanvas } from "./workflow-canvas";
import { WorkflowProblems } from "./workflow-problems";

export type EditorHistory = ReturnType<typeof useWorkflowHistory>;

type Props = {
  history: EditorHistory;
  isNew: boolean;
  isSaving: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  importReport: ImportReport | null;
  onDismissReport: () => void;
  onSave: (draft: WorkflowDraft) => void;
  onExport: (draft: WorkflowDraft) => void;
  onImport: () => void;
  onDeploy: (() => void) | null;
  /** Registers how the palette adds a node to this editor. */
  registerAdd: (add: ((type: PaletteNodeType) => void) | null) => void;
  conflict: ReactNode;
};

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The editor with its own canvas store: the page loads this chunk (React Flow, about 60 kB gzip)
 * only when a workflow is opened, so the list renders without it (issue 31: no /app page over 250 kB).
 */
export function WorkflowEditorWithCanvas(props: Props) {
  return (
    <ReactFlowProvider>
      <WorkflowEditor {...props} />
    </ReactFlowProvider>
  );
}

/** The centre column: the document's fields, the canvas with the selected node's parameters, and Save, Export, Import and Deploy. */
export function WorkflowEditor({ history, isNew, isSaving, selectedId, onSelect, importReport, onDismissReport, onSave, onExport, onImport, onDeploy, registerAdd, conflict }: Props) {
  const { t } = useTranslation("workflowBuilder");
  const flow = useReactFlow();
  const { draft, set } = history;
  const [timeoutText, setTimeoutText] = useState(String(draft.settings.timeout ?? ""));
  const timeout = readTimeout(timeoutText);
  // Undo or opening another workflow changes the timeout under the field.
  useEffect(() => {
    setTimeoutText((text) => {
      const read = readTimeout(text);
      return read.ok && read.value === draft.settings.timeout ? text : String(draft.settings.timeout ?? "");
    });
  }, [draft.settings.timeout]);

  const problems = useMemo(() => validateWorkflow(draft), [draft]);
  const problemNodeIds = useMemo(() => new Set(problems.flatMap((p) => (p.nodeId ? [p.nodeId] : []))), [problems]);
  const selected = selectedId ? draft.nodes.find((n) => n.id === selectedId) : undefined;
  const canvasBox = useRef<HTMLDivElement>(null);

  const draftRef = useRef(draft);
  draftRef.current = draft;
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  useEffect(() => {
    // A click in the palette lands somewhere in view (spec: at a random position), or after the selected node.
    registerAdd((type) => {
      const box = canvasBox.current?.getBoundingClientRect();
      const screen = box ? { x: box.left + box.width * (0.25 + Math.random() * 0.5), y: box.top + box.height * (0.25 + Math.random() * 0.5) } : { x: 0, y: 0 };
      const { draft: next, node } = addNode(draftRef.current, type, flow.screenToFlowPosition(screen), selectedRef.current);
      set(next);
      onSelect(node.id);
    });
    return () => registerAdd(null);
  }, [flow, registerAdd, set, onSelect]);

  const showNode = (id: string) => {
    onSelect(id);
    const node = draft.nodes.find((n) => n.id === id);
    if (node) void flow.setCenter(node.position.x + 96, node.position.y + 28, { zoom: 1, duration: 200 });
  };

  // Undo and redo from anywhere on the page (focus is on the body after a node is deleted), but
  // not while typing, where the field's own undo applies, nor under a dialog.
  const { undo, redo } = history;
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target) || document.querySelector('[role="dialog"],[role="alertdialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [undo, redo]);

  // Save needs a name (spec); Save and Export need a workflow n8n can import.
  const ready = (needsName: boolean) => {
    if (needsName && draft.name.trim() === "") {
      toast.error(t("toasts.nameRequired"));
      return null;
    }
    if (problems.length > 0 || !timeout.ok) {
      toast.error(t("toasts.fixProblems"));
      return null;
    }
    return withWebhookPathInStep(draft);
  };
  const save = () => {
    const checked = ready(true);
    if (checked) onSave(checked);
  };
  const exportIt = () => {
    const checked = ready(false);
    if (checked) onExport(checked);
  };

  const webhookFallback = n8nWebhookOf(draft.name) || "webhook";
  const field = (name: string) => `workflow-${name}`;

  return (
    <section aria-labelledby="workflow-editor-title" className="grid min-w-0 content-start gap-4 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 id="workflow-editor-title" className="text-lg font-semibold">
            {isNew ? t("editor.createTitle") : t("editor.editTitle")}
          </h2>
          {history.isDirty && <Badge variant="secondary">{t("editor.unsaved")}</Badge>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onImport}>
            <Upload aria-hidden />
            {t("editor.import")}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={exportIt}>
            <Download aria-hidden />
            {t("editor.export")}
          </Button>
          {onDeploy && (
            <Button type="button" variant="outline" size="sm" onClick={onDeploy}>
              <CloudUpload aria-hidden />
              {t("editor.deploy")}
            </Button>
          )}
          <Button type="button" size="sm" disabled={isSaving} onClick={save}>
            <Save aria-hidden />
            {isSaving ? t("editor.saving") : t("editor.save")}
          </Button>
        </div>
      </div>
      {conflict}
      {importReport && <ImportReportCard report={importReport} onDismiss={onDismissReport} />}
      <WorkflowProblems problems={problems} nodes={draft.nodes} timeoutError={timeout.ok ? null : timeout.message} onShow={showNode} />
      <Tabs defaultValue="design">
        <TabsList>
          <TabsTrigger value="design">{t("editor.design")}</TabsTrigger>
          <TabsTrigger value="settings">{t("editor.settings")}</TabsTrigger>
        </TabsList>
        {/* Design stays mounted on Settings: the canvas keeps its viewport and selection. */}
        <TabsContent value="design" forceMount className="grid gap-4 data-[state=inactive]:hidden">
          <div className="grid gap-3 md:grid-cols-[2fr_1fr]">
            <FormField id={field("name")} label={t("editor.name")}>
              <Input {...fieldAria(field("name"))} value={draft.name} maxLength={128} placeholder={t("editor.namePlaceholder")} onChange={(e) => set({ ...draft, name: e.target.value }, "name")} />
            </FormField>
            <FormField id={field("trigger")} label={t("editor.trigger")}>
              <NativeSelect {...fieldAria(field("trigger"))} value={draft.trigger} onChange={(e) => set(changeTrigger(draft, e.target.value as WorkflowTrigger))}>
                {workflowTriggers.map((trigger) => (
                  <option key={trigger} value={trigger}>
                    {t(`triggers.${trigger}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField id={field("description")} label={t("editor.description")}>
            <Textarea {...fieldAria(field("description"))} rows={2} maxLength={1000} value={draft.description} placeholder={t("editor.descriptionPlaceholder")} onChange={(e) => set({ ...draft, description: e.target.value }, "description")} />
          </FormField>
          <div className="grid gap-4 2xl:grid-cols-[1fr_320px]">
            <div ref={canvasBox} aria-label={t("editor.canvasLabel")} role="region">
              <WorkflowCanvas draft={draft} problemNodeIds={problemNodeIds} selectedId={selectedId} onSelect={onSelect} onChange={set} onAdd={(type, position) => {
                const { draft: next, node } = addNode(draft, type, position);
                set(next);
                onSelect(node.id);
              }} history={history} />
            </div>
            {selected ? (
              <NodeParametersPanel key={selected.id} draft={draft} node={selected} problems={problems.filter((p) => p.nodeId === selected.id)} onChange={set} onSelect={onSelect} />
            ) : (
              <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t("editor.noNodeSelected")}</p>
            )}
          </div>
          <NodeList
            draft={draft}
            selectedId={selectedId}
            problemNodeIds={problemNodeIds}
            onSelect={showNode}
            onChange={(next) => {
              set(next);
              if (selectedId && !next.nodes.some((n) => n.id === selectedId)) onSelect(null);
            }}
          />
        </TabsContent>
        <TabsContent value="settings" className="grid max-w-md gap-4">
          <FormField id={field("webhook-path")} label={t("editor.webhookPath")} hint={hasWebhookNode(draft) ? t("editor.webhookPathHint", { fallback: webhookFallback }) : t("editor.webhookPathNoWebhook")}>
            <Input {...fieldAria(field("webhook-path"), undefined, "hint")} value={webhookPathOf(draft)} placeholder={webhookFallback} onChange={(e) => set(setWebhookPath(draft, e.target.value), "webhookPath")} />
          </FormField>
          <FormField id={field("timeout")} label={t("editor.timeout")} hint={t("editor.timeoutHint", { count: 30 })} error={timeout.ok ? undefined : timeout.message}>
            <Input
              {...fieldAria(field("timeout"), timeout.ok ? undefined : timeout.message, "hint")}
              inputMode="numeric"
              value={timeoutText}
              onChange={(e) => {
                setTimeoutText(e.target.value);
                const read = readTimeout(e.target.value);
                if (read.ok) set({ ...draft, settings: { ...draft.settings, timeout: read.value } }, "timeout");
              }}
            />
          </FormField>
        </TabsContent>
      </Tabs>
    </section>
  );
}
