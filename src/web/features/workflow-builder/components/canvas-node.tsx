import { Handle, Position, type NodeProps } from "@xyflow/react";
import { AlertTriangle } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import type { CanvasNode, PortSpec } from "../lib/flow-elements";
import { nodeIcons } from "./node-icons";

const offsetOf = (i: number, count: number) => `${((i + 1) / (count + 1)) * 100}%`;

function PortLabel({ port, isCondition, side }: { port: PortSpec; isCondition: boolean; side: "left" | "right" }) {
  const { t } = useTranslation("workflowCanvas");
  const text = port.kind !== "main" ? t("ports.kind", { kind: port.kind, index: port.index }) : isCondition && side === "right" ? (port.index === 0 ? t("ports.true") : t("ports.false")) : null;
  if (!text) return null;
  return <span className={cn("pointer-events-none absolute -translate-y-1/2 whitespace-nowrap text-[10px] text-muted-foreground", side === "right" ? "left-full ml-1.5" : "right-full mr-1.5")}>{text}</span>;
}

/** A node on the canvas: icon, name and type, its ports, and a mark when it has a problem. Memoised: with 500 nodes only changed ones render. */
export const WorkflowCanvasNode = memo(function WorkflowCanvasNode({ data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation("workflowCanvas");
  const { node, inputs, outputs, hasProblem, trigger, n8nType } = data;
  const Icon = nodeIcons[node.type];
  const typeLabel = node.type === "opaque" ? n8nType.replace(/^.*\./, "") : t(`types.${node.type}`);
  const height = Math.max(56, 22 * Math.max(inputs.length, outputs.length) + 12);
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
      {inputs.map((port, i) => (
        <Handle key={port.id} id={port.id} type="target" position={Position.Left} style={{ top: offsetOf(i, inputs.length) }}>
          <PortLabel port={port} isCondition={false} side="left" />
        </Handle>
      ))}
      <Icon aria-hidden className="size-5 shrink-0 text-primary" />
      <div className="grid min-w-0">
        <span className="truncate text-sm font-medium">{node.name}</span>
        <span className="truncate text-xs text-muted-foreground">{typeLabel}</span>
      </div>
      {hasProblem && <AlertTriangle aria-label={t("node.hasProblem")} className="ml-auto size-4 shrink-0 text-destructive" />}
      {outputs.map((port, i) => (
        <Handle key={port.id} id={port.id} type="source" position={Position.Right} style={{ top: offsetOf(i, outputs.length) }}>
          <PortLabel port={port} isCondition={node.type === "condition"} side="right" />
        </Handle>
      ))}
    </div>
  );
});
