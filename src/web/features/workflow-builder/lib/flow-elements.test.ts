import { describe, expect, it } from "vitest";
import { createNode } from "@/shared/n8n";
import type { WorkflowNode } from "@/shared/workflows";
import { edgeIdOf, parseHandle, portsOf, toCanvasEdges, toCanvasNodes, type CanvasNode } from "./flow-elements";

const opaque = (name: string, type: string): WorkflowNode => ({ id: name, type: "opaque", name, parameters: {}, position: { x: 0, y: 0 }, n8n: { type, typeVersion: 1 } });

describe("flow elements", () => {
  it("gives a condition true and false outputs, triggers no input, and imported kinds their own ports", () => {
    const webhook = createNode("webhook", { x: 0, y: 0 }, []);
    const condition = createNode("condition", { x: 0, y: 0 }, []);
    const agent = opaque("Agent", "@n8n/n8n-nodes-langchain.agent");
    const model = opaque("Model", "@n8n/n8n-nodes-langchain.lmChatOpenAi");
    const ports = portsOf({ nodes: [webhook, condition, agent, model], connections: [{ from: model.id, to: agent.id, output: 0, input: 0, kind: "ai_languageModel" }] });
    expect(ports.get(webhook.id)).toEqual({ inputs: [], outputs: [{ id: "main:0", kind: "main", index: 0 }] });
    expect(ports.get(condition.id)!.outputs.map((p) => p.id)).toEqual(["main:0", "main:1"]);
    expect(ports.get(agent.id)!.inputs.map((p) => p.id)).toEqual(["main:0", "ai_languageModel:0"]);
    expect(ports.get(model.id)!.outputs.map((p) => p.id)).toEqual(["main:0", "ai_languageModel:0"]);
    expect(parseHandle("ai_languageModel:2")).toEqual({ kind: "ai_languageModel", index: 2 });
    expect(parseHandle(null)).toEqual({ kind: "main", index: 0 });
  });

  it("reuses the node objects that did not change", () => {
    const a = createNode("manual", { x: 0, y: 0 }, []);
    const b = createNode("code", { x: 100, y: 0 }, []);
    const first = toCanvasNodes({ nodes: [a, b], connections: [] }, new Set(), new Map());
    const moved = { ...b, position: { x: 200, y: 0 } };
    const second = toCanvasNodes({ nodes: [a, moved], connections: [] }, new Set(), new Map(first.map((n): [string, CanvasNode] => [n.id, n])));
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.position).toEqual({ x: 200, y: 0 });
  });

  it("labels a condition's branches and keeps selection", () => {
    const c = { from: "if", to: "x", output: 1, input: 0, kind: "main" };
    const [edge] = toCanvasEdges([c, c], { true: "true", false: "false" }, new Set(["if"]), new Set([edgeIdOf(c)]));
    expect(edge).toMatchObject({ label: "false", selected: true, sourceHandle: "main:1", targetHandle: "main:0" });
  });
});
