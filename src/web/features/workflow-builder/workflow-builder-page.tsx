import { Plus, Workflow as WorkflowIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker, useSearchParams } from "react-router";
import { toast } from "@/web/lib/toast";
import { toN8n, type Imported, type ImportReport } from "@/shared/n8n";
import type { PaletteNodeType, WorkflowDraft, WorkflowSummary } from "@/shared/workflows";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Alert } from "@/web/components/ui/alert";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useCan } from "@/web/features/organisations/use-can";
import { ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { useWorkflow } from "./api/get-workflow";
import { useWorkflows } from "./api/get-workflows";
import { useCreateWorkflow, useDeleteWorkflow, useUpdateWorkflow } from "./api/mutate-workflow";
import { DeployDialog } from "./components/deploy-dialog";
import { ImportDialog } from "./components/import-dialog";
import { NodePalette } from "./components/node-palette";
import { WorkflowList } from "./components/workflow-list";
import { draftOf } from "./lib/draft-of";
import { newDraft } from "./lib/draft-edits";
import { downloadJson } from "@/web/lib/download-json";
import { exportFileName } from "./lib/export-file-name";
import { useWorkflowHistory } from "./lib/use-workflow-history";
import { lazyComponent } from "@/web/app/lazy-page";
import "./workflow-builder-i18n";

/** Shown while the editor's chunk arrives (the first workflow opened in a visit). */
function EditorLoading() {
  const { t } = useTranslation("workflowBuilder");
  return (
    <div className="flex justify-center rounded-xl border p-10">
      <Spinner label={t("editor.loading")} />
    </div>
  );
}

// The canvas (React Flow) comes with the editor, when a workflow is opened: the list does not need it.
const WorkflowEditor = lazyComponent(() => import("./components/workflow-editor"), (m) => m.WorkflowEditorWithCanvas, <EditorLoading />);

type Open = { kind: "none" } | { kind: "new" } | { kind: "saved"; id: string };

/** /app/workflow-builder (owners): the list, the editor with its canvas, and the node palette (spec: Workflow Builder). */
export function WorkflowBuilderPage() {
  const { t } = useTranslation("workflowBuilder");
  const canManage = useCan("workflow.manage");
  return (
    <div className="mx-auto grid w-full max-w-[1600px] gap-6">
      {canManage ? (
        <Builder />
      ) : (
        <>
          <Header canManage={false} />
          <OwnerOnlyNote>{`${t("denied.title")}. ${t("denied.body")}`}</OwnerOnlyNote>
        </>
      )}
    </div>
  );
}

function Header({ canManage, count, onNew }: { canManage: boolean; count?: number | undefined; onNew?: () => void }) {
  const { t } = useTranslation("workflowBuilder");
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          {count !== undefined && <Badge variant="secondary">{t("count", { count })}</Badge>}
        </div>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {canManage && onNew && (
        <Button onClick={onNew}>
          <Plus aria-hidden />
          {t("newWorkflow")}
        </Button>
      )}
    </div>
  );
}

function Builder() {
  const { t } = useTranslation("workflowBuilder");
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paramId = params.get("id");
  const [open, setOpenState] = useState<Open>(paramId ? { kind: "saved", id: paramId } : { kind: "none" });
  const openId = open.kind === "saved" ? open.id : null;
  const list = useWorkflows(true);
  const saved = useWorkflow(openId);
  const history = useWorkflowHistory(newDraft());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [importReport, setImportReport] = useState<ImportReport | null>(null);
  const [importing, setImporting] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [deleting, setDeleting] = useState<WorkflowSummary | null>(null);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [conflict, setConflict] = useState(false);
  const loadedVersion = useRef<string | null>(null);
  const addRef = useRef<((type: PaletteNodeType) => void) | null>(null);
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const remove = useDeleteWorkflow();
  const listFailed = list.isError && list.data === undefined;
  useLoadErrorToast(listFailed ? list.error : null, t("toasts.loadFailed"));

  const setOpen = useCallback(
    (next: Open) => {
      setOpenState(next);
      setSelectedId(null);
      setImportReport(null);
      setConflict(false);
      loadedVersion.current = null;
      setParams(next.kind === "saved" ? { id: next.id } : {}, { replace: true });
    },
    [setParams],
  );

  // The saved workflow becomes the editor's document once it arrives (and again after a reload on conflict).
  useEffect(() => {
    if (open.kind !== "saved" || !saved.data || saved.data.id !== open.id) return;
    const key = `${saved.data.id}@${saved.data.version}`;
    if (loadedVersion.current === key) return;
    if (loadedVersion.current?.startsWith(`${saved.data.id}@`) && history.isDirty) return;
    loadedVersion.current = key;
    history.open(draftOf(saved.data), true);
  }, [open, saved.data, history]);

  // Never lose unsaved changes silently: leaving the page or the tab asks first.
  const dirty = open.kind !== "none" && history.isDirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const guard = (action: () => void) => (dirty ? setPending(() => action) : action());

  const startNew = () =>
    guard(() => {
      setOpen({ kind: "new" });
      history.open(newDraft(), true);
    });

  const onSave = async (draft: WorkflowDraft) => {
    try {
      if (open.kind === "saved" && saved.data) await update.mutateAsync({ id: open.id, input: { ...draft, version: saved.data.version } });
      else await create.mutateAsync(draft);
      toast.success(t("toasts.savedTitle"), { description: t("toasts.saved") });
      history.markSaved(draft);
      // Spec: saving reloads the list and closes the editor.
      setOpen({ kind: "none" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      toast.error(t("toasts.saveFailed"), { description: errorMessage(error, tc, { fallback: t("toasts.saveFailed"), isWrite: true }) });
    }
  };

  const onExport = (draft: WorkflowDraft) => {
    downloadJson(exportFileName(draft.name), toN8n(draft));
    toast.success(t("toasts.exportedTitle"), { description: t("toasts.exported") });
  };

  const onImported = async (workflows: Imported[]) => {
    if (workflows.length === 1) {
      setOpen({ kind: "new" });
      history.open(workflows[0]!.draft, false);
      setImportReport(workflows[0]!.report);
      return;
    }
    // A file of several (n8n export:workflow): each is saved as a workflow of its own, in order.
    const saved: string[] = [];
    const failed: string[] = [];
    for (const { draft } of workflows) {
      try {
        saved.push((await create.mutateAsync(draft)).workflow.id);
      } catch {
        failed.push(draft.name);
      }
    }
    if (saved.length > 0) toast.success(t("toasts.importedMany", { count: saved.length }));
    if (failed.length > 0) toast.error(t("toasts.importManyFailed", { count: failed.length, names: failed.join(", ") }));
    if (saved[0]) setOpen({ kind: "saved", id: saved[0] });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    setDeleting(null);
    try {
      await remove.mutateAsync(target.id);
      toast.success(t("toasts.deleted"));
      if (openId === target.id) {
        history.markSaved(history.draft);
        setOpen({ kind: "none" });
      }
    } catch (error) {
      toast.error(t("toasts.deleteFailed"), { description: errorMessage(error, tc, { fallback: t("toasts.deleteFailed"), isWrite: true }) });
    }
  };

  const registerAdd = useCallback((add: ((type: PaletteNodeType) => void) | null) => {
    addRef.current = add;
  }, []);

  const editor = () => {
    if (open.kind === "none")
      return (
        <section className="grid content-center justify-items-center gap-3 rounded-xl border border-dashed p-10 text-center">
          <WorkflowIcon aria-hidden className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
          <p className="max-w-sm text-sm text-muted-foreground">{t("empty.body")}</p>
          <Button onClick={startNew}>
            <Plus aria-hidden />
            {t("empty.create")}
          </Button>
        </section>
      );
    if (open.kind === "saved" && saved.isError && !saved.data) {
      const gone = saved.error instanceof ApiError && saved.error.status === 404;
      return <LoadFailed message={gone ? t("editor.notFound") : t("editor.loadFailed")} onRetry={gone ? () => setOpen({ kind: "none" }) : () => void saved.refetch()} />;
    }
    if (open.kind === "saved" && loadedVersion.current === null)
      return (
        <div className="flex justify-center rounded-xl border p-10">
          <Spinner label={t("editor.loading")} />
        </div>
      );
    return (
      <WorkflowEditor
        key={open.kind === "saved" ? open.id : "new"}
        history={history}
        isNew={open.kind === "new"}
        isSaving={create.isPending || update.isPending}
        selectedId={selectedId}
        onSelect={setSelectedId}
        importReport={importReport}
        onDismissReport={() => setImportReport(null)}
        onSave={(draft) => void onSave(draft)}
        onExport={onExport}
        onImport={() => setImporting(true)}
        onDeploy={open.kind === "saved" ? () => setDeploying(true) : null}
        registerAdd={registerAdd}
        conflict={
          conflict ? (
            <Alert variant="destructive" className="grid gap-2">
              <p className="font-medium">{t("conflict.title")}</p>
              <p className="text-sm">{t("conflict.body")}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => {
                  setConflict(false);
                  history.markSaved(history.draft);
                  loadedVersion.current = null;
                  void saved.refetch();
                }}
              >
                {t("conflict.reload")}
              </Button>
            </Alert>
          ) : null
        }
      />
    );
  };

  return (
    <>
      <Header canManage count={list.data?.length} onNew={startNew} />
      {listFailed && <LoadFailed message={t("toasts.loadFailed")} onRetry={() => void list.refetch()} />}
      <div className="grid gap-6 lg:grid-cols-[230px_minmax(0,1fr)] xl:grid-cols-[230px_minmax(0,1fr)_210px]">
        <WorkflowList workflows={list.data} isLoading={list.isPending} openId={openId} onOpen={(id) => id !== openId && guard(() => setOpen({ kind: "saved", id }))} onDelete={setDeleting} />
        {editor()}
        <NodePalette enabled={open.kind !== "none" && (open.kind === "new" || loadedVersion.current !== null)} onAdd={(type) => addRef.current?.(type)} />
      </div>
      <ImportDialog open={importing} onOpenChange={setImporting} discardsChanges={dirty} onImported={onImported} />
      {open.kind === "saved" && saved.data && <DeployDialog open={deploying} onOpenChange={setDeploying} workflow={saved.data} hasUnsavedChanges={history.isDirty} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t("confirmDelete.title", { name: deleting?.name ?? "" })}
        description={t("confirmDelete.description")}
        confirmLabel={t("confirmDelete.confirm")}
        cancelLabel={tc("cancel")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
      <ConfirmDialog
        open={pending !== null || blocker.state === "blocked"}
        onOpenChange={(next) => {
          if (next) return;
          setPending(null);
          if (blocker.state === "blocked") blocker.reset();
        }}
        title={t("unsavedDialog.title")}
        description={t("unsavedDialog.description")}
        confirmLabel={t("unsavedDialog.confirm")}
        cancelLabel={t("unsavedDialog.stay")}
        onConfirm={() => {
          const action = pending;
          setPending(null);
          history.markSaved(history.draft);
          if (blocker.state === "blocked") blocker.proceed();
          else action?.();
        }}
      />
    </>
  );
}
