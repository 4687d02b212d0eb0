import { Handle, Position, type NodeProps } from "@xyflow/react";
import { AlertTriangle } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import type { CanvasNode, PortSpec } from "../lib/flow-elements";
import { nodeIcons } from "./node-icons";

const offsetOf = (i: number, count: number) => `${((i + 1) / (count + 1)) * 100}%`;
// Zoomed far out (a big workflow fitted to the screen) only the boxes and ports are drawn: painting
// hundreds of labels nobody can read is what slows panning and zooming (bench/workflow.ts).
const detail = "group-data-[zoomed-out=true]/canvas:invisible";

/** A node on the canvas: icon, name and type, its ports, and a mark when it has a problem. Memoised: with 500 nodes only changed ones render. */
export const WorkflowCanvasNode = memo(function WorkflowCanvasNode({ data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation("workflowCanvas");
  const { node, inputs, outputs, hasProblem, trigger, n8nType } = data;
  const Icon = nodeIcons[node.type];
  const typeLabel = node.type === "opaque" ? n8nType.replace(/^.*\./, "") : t(`types.${node.type}`);
  const labelOf = (port: PortSpec, side: "in" | "out") =>
    port.kind !== "main" ? t("ports.kind", { kind: port.kind, index: port.index }) : node.type === "condition" && side === "out" ? (port.index === 0 ? t("ports.true") : t("ports.false")) : null;
  const height = Math.max(56, 22 * Math.max(inputs.length, outputs.length) + 12);
  const port = (p: PortSpec, i: number, side: "in" | "out") => {
    const label = labelOf(p, side);
    const count = side === "in" ? inputs.length : outputs.length;
    return (
      <Handle key={p.id} id={p.id} type={side === "in" ? "target" : "source"} position={side === "in" ? Position.Left : Position.Right} style={{ top: offsetOf(i, count) }}>
        {label && <span className={cn("pointer-events-none absolute -translate-y-1/2 whitespace-nowrap text-[10px] text-muted-foreground", side === "out" ? "left-full ml-1.5" : "right-full mr-1.5", detail)}>{label}</span>}
      </Handle>
    );
  };
  return (
    <div
      data-testid="workflow-node"
      data-node-name={node.name}
      data-node-type={node.type}
      data-problem={hasProblem ? "true" : undefined}
      style={{ minHeight: height }}
      className={cn(
        "relative flex w-48 items-center gap-2 rounded-lg border bg-card px-3 py-2 text-card-foreground shadow-sm",
        trigger && "rounded-l-3xl",
        selected && "ring-2 ring-primary",
        hasProblem && "border-destructive",
      )}
    >
      {inputs.map((p, i) => port(p, i, "in"))}
      <Icon aria-hidden className={cn("size-5 shrink-0 text-primary", detail)} />
      <div className={cn("grid min-w-0", detail)}>
        <span className="truncate text-sm font-medium">{node.name}</span>
        <span className="truncate text-xs text-muted-foreground">{typeLabel}</span>
      </div>
      {hasProblem && <AlertTriangle aria-label={t("node.hasProblem")} className="ml-auto size-4 shrink-0 text-destructive" />}
      {outputs.map((p, i) => port(p, i, "out"))}
    </div>
  );
});
