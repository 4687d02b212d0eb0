import { applyNodeChanges, Background, MiniMap, Panel, ReactFlow, useNodesInitialized, useReactFlow, useStore, type Connection, type EdgeChange, type NodeChange, type OnDelete } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { Maximize, Redo2, Trash2, Undo2, ZoomIn, ZoomOut } from "lucide-react";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { paletteNodeTypes, type PaletteNodeType, type WorkflowConnection, type WorkflowDraft } from "@/shared/workflows";
import { Button } from "@/web/components/ui/button";
import { useTheme } from "@/web/lib/theme";
import { connect, connectRefusal, moveNodes, removeConnections, removeNodes } from "../lib/draft-edits";
import { parseHandle, toCanvasEdges, toCanvasNodes, type CanvasEdge, type CanvasNode } from "../lib/flow-elements";
import { PALETTE_DRAG_TYPE } from "./node-palette";
import { WorkflowCanvasNode } from "./canvas-node";

const nodeTypes = { workflow: WorkflowCanvasNode };
const deleteKeys = ["Delete", "Backspace"];
// Below this zoom nodes are drawn without their text (canvas-node.tsx). Rendering only what is on
// screen (onlyRenderVisibleElements) was slower: a fitted big workflow is all on screen, and
// panning kept mounting and unmounting the nodes at the edge (bench/workflow.ts).
const DETAIL_FROM_ZOOM = 0.35;
const LABELLED_EDGES_UP_TO = 150;

type Props = {
  draft: WorkflowDraft;
  problemNodeIds: ReadonlySet<string>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onChange: (draft: WorkflowDraft) => void;
  onAdd: (type: PaletteNodeType, position: { x: number; y: number }) => void;
  history: { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void };
};

const toConnection = (c: Connection): WorkflowConnection => {
  const out = parseHandle(c.sourceHandle);
  const into = parseHandle(c.targetHandle);
  return { from: c.source, to: c.target, output: out.index, input: into.index, kind: out.kind };
};

/** The React Flow canvas over the draft: every edit becomes a new draft (one undo step); selection and drag in progress stay local. */
export function WorkflowCanvas({ draft, problemNodeIds, selectedId, onSelect, onChange, onAdd, history }: Props) {
  const { t } = useTranslation("workflowCanvas");
  const flow = useReactFlow<CanvasNode, CanvasEdge>();
  const [ready, setReady] = useState(false);
  const { resolved: colorMode } = useTheme();
  const zoomedOut = useStore((state) => state.transform[2] < DETAIL_FROM_ZOOM);
  // Fit once the nodes have their measured sizes; fitting earlier frames an empty or half-known graph.
  const measured = useNodesInitialized();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || !measured) return;
    fitted.current = true;
    void flow.fitView({ maxZoom: 1 }).then(() => setReady(true));
  }, [measured, flow]);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const selectedIdRef = useRef(selectedId);
  selectedIdRef.current = selectedId;

  const [nodes, setNodes] = useState<CanvasNode[]>([]);
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  useLayoutEffect(() => {
    setNodes(toCanvasNodes(draft, problemNodeIds, new Map(nodesRef.current.map((n) => [n.id, n]))));
  }, [draft, problemNodeIds]);

  // Selection made elsewhere (the problems list, a new node) shows on the canvas.
  useEffect(() => {
    setNodes((current) => {
      if (current.every((n) => n.selected === (n.id === selectedId))) return current;
      return current.map((n) => (n.selected === (n.id === selectedId) ? n : { ...n, selected: n.id === selectedId }));
    });
  }, [selectedId]);

  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const conditionIds = useMemo(() => new Set(draft.nodes.filter((n) => n.type === "condition").map((n) => n.id)), [draft.nodes]);
  // Branch labels on edges repeat the condition's port labels; on big workflows measuring them costs more than they tell.
  const labelled = draft.connections.length <= LABELLED_EDGES_UP_TO;
  const edges = useMemo(
    () => toCanvasEdges(draft.connections, labelled ? { true: t("ports.true"), false: t("ports.false") } : null, conditionIds, selectedEdges),
    [draft.connections, labelled, conditionIds, selectedEdges, t],
  );

  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => {
    // Removal goes through onDelete, as one edit of the draft.
    setNodes((current) => applyNodeChanges(changes.filter((c) => c.type !== "remove"), current));
    const selects = changes.filter((c) => c.type === "select");
    if (selects.length > 0) {
      const chosen = selects.filter((c) => c.type === "select" && c.selected);
      if (chosen.length === 1 && chosen[0]!.type === "select") onSelect(chosen[0]!.id);
      else if (chosen.length === 0 && selects.some((c) => c.type === "select" && c.id === selectedIdRef.current)) onSelect(null);
    }
  }, [onSelect]);
  const onEdgesChange = useCallback((changes: EdgeChange<CanvasEdge>[]) => {
    setSelectedEdges((current) => {
      const next = new Set(current);
      for (const c of changes) {
        if (c.type !== "select") continue;
        if (c.selected) next.add(c.id);
        else next.delete(c.id);
      }
      return next;
    });
  }, []);

  const onNodeDragStop = useCallback((_: unknown, _node: CanvasNode, dragged: CanvasNode[]) => {
    onChange(moveNodes(draftRef.current, new Map(dragged.map((n) => [n.id, n.position]))));
  }, [onChange]);

  const onDelete: OnDelete<CanvasNode, CanvasEdge> = useCallback(({ nodes: goneNodes, edges: goneEdges }) => {
    const ids = new Set(goneNodes.map((n) => n.id));
    const connections = goneEdges.flatMap((e) => (e.data ? [e.data.connection] : []));
    onChange(removeConnections(removeNodes(draftRef.current, ids), connections));
    if (selectedIdRef.current && ids.has(selectedIdRef.current)) onSelect(null);
    setSelectedEdges(new Set());
  }, [onChange, onSelect]);

  const onConnect = useCallback((c: Connection) => {
    const connection = toConnection(c);
    const refusal = connectRefusal(draftRef.current, connection);
    if (refusal) toast.error(t(`refusals.${refusal}`));
    else onChange(connect(draftRef.current, connection));
  }, [onChange, t]);
  const isValidConnection = useCallback((c: Connection | CanvasEdge) => connectRefusal(draftRef.current, toConnection({ source: c.source, target: c.target, sourceHandle: c.sourceHandle ?? null, targetHandle: c.targetHandle ?? null })) === null, []);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  };
  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(PALETTE_DRAG_TYPE);
    if (!(paletteNodeTypes as readonly string[]).includes(type)) return;
    event.preventDefault();
    onAdd(type as PaletteNodeType, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const hasSelection = selectedId !== null || selectedEdges.size > 0;

  return (
    <div
      data-testid="workflow-canvas"
      data-ready={ready ? "true" : "false"}
      data-node-count={draft.nodes.length}
      data-edge-count={draft.connections.length}
      data-zoomed-out={zoomedOut ? "true" : "false"}
      className="group/canvas h-[560px] w-full overflow-hidden rounded-lg border bg-muted/30"
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <ReactFlow<CanvasNode, CanvasEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={onNodeDragStop}
        onDelete={onDelete}
        onConnect={onConnect}
        isValidConnection={isValidConnection}
        onInit={() => {
          if (draft.nodes.length === 0) setReady(true);
        }}
        deleteKeyCode={deleteKeys}
        colorMode={colorMode}
        minZoom={0.05}
        maxZoom={2}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={20} />
        <MiniMap pannable zoomable ariaLabel={t("toolbar.label")} className="!bg-background" />
        <Panel position="top-left">
          <CanvasToolbar canUndo={history.canUndo} canRedo={history.canRedo} undo={history.undo} redo={history.redo} hasSelection={hasSelection} />
        </Panel>
      </ReactFlow>
    </div>
  );
}

/** Memoised with stable handlers: a node drag re-renders the canvas on every move, not these buttons. */
const CanvasToolbar = memo(function CanvasToolbar({ canUndo, canRedo, undo, redo, hasSelection }: Props["history"] & { hasSelection: boolean }) {
  const { t } = useTranslation("workflowCanvas");
  const flow = useReactFlow<CanvasNode, CanvasEdge>();
  const deleteSelected = () => {
    void flow.deleteElements({ nodes: flow.getNodes().filter((n) => n.selected), edges: flow.getEdges().filter((e) => e.selected) });
  };
  return (
    <div role="toolbar" aria-label={t("toolbar.label")} className="flex gap-1 rounded-md border bg-background p-1 shadow-sm">
      <Button type="button" variant="ghost" size="icon" aria-label={t("toolbar.undo")} title={t("toolbar.undo")} disabled={!canUndo} onClick={undo}>
        <Undo2 aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={t("toolbar.redo")} title={t("toolbar.redo")} disabled={!canRedo} onClick={redo}>
        <Redo2 aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={t("toolbar.zoomIn")} title={t("toolbar.zoomIn")} onClick={() => void flow.zoomIn()}>
        <ZoomIn aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={t("toolbar.zoomOut")} title={t("toolbar.zoomOut")} onClick={() => void flow.zoomOut()}>
        <ZoomOut aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={t("toolbar.fit")} title={t("toolbar.fit")} onClick={() => void flow.fitView({ maxZoom: 1, duration: 200 })}>
        <Maximize aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={t("toolbar.deleteSelected")} title={t("toolbar.deleteSelected")} disabled={!hasSelection} onClick={deleteSelected}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
});
