import { describe, expect, it } from "vitest";
import { createNode } from "@/shared/n8n";
import { addNode, connect, connectRefusal, moveNodes, newDraft, removeConnections, removeNodes } from "./draft-edits";

describe("draft edits", () => {
  it("starts a new workflow with a webhook trigger", () => {
    expect(newDraft().nodes.map((n) => n.type)).toEqual(["webhook"]);
  });

  it("adds a node after the selected one, connected from it, or where asked", () => {
    const draft = newDraft();
    const webhook = draft.nodes[0]!;
    const { draft: next, node } = addNode(draft, "condition", { x: 500, y: 500 }, webhook.id);
    expect(node.position).toEqual({ x: 260, y: 0 });
    expect(next.connections).toEqual([{ from: webhook.id, to: node.id, output: 0, input: 0, kind: "main" }]);
    const { node: free } = addNode(next, "http", { x: 500, y: 500 });
    expect(free.position).toEqual({ x: 500, y: 500 });
    // A trigger has no input: it is not connected after anything.
    expect(addNode(next, "schedule", { x: 1, y: 1 }, node.id).draft.connections).toHaveLength(1);
  });

  it("removes nodes with every connection touching them", () => {
    const { draft, node } = addNode(newDraft(), "http", { x: 0, y: 0 }, newDraft().nodes[0]!.id);
    const first = addNode(draft, "code", { x: 0, y: 0 }, node.id).draft;
    const next = removeNodes(first, new Set([node.id]));
    expect(next.nodes).toHaveLength(2);
    expect(next.connections).toEqual([]);
    expect(removeNodes(next, new Set(["nope"]))).toBe(next);
  });

  it("refuses loops to itself, inputs into a trigger and duplicates", () => {
    const draft = newDraft();
    const webhook = draft.nodes[0]!;
    const code = createNode("code", { x: 0, y: 0 }, []);
    const withCode = { ...draft, nodes: [...draft.nodes, code] };
    const c = { from: webhook.id, to: code.id, output: 0, input: 0, kind: "main" };
    expect(connectRefusal(withCode, { ...c, to: webhook.id })).toBe("self");
    expect(connectRefusal(withCode, { ...c, from: code.id, to: webhook.id })).toBe("into_trigger");
    const linked = connect(withCode, c);
    expect(connectRefusal(linked, c)).toBe("exists");
    expect(connect(linked, c)).toBe(linked);
    expect(removeConnections(linked, [c]).connections).toEqual([]);
  });

  it("moves nodes to whole pixels and keeps the draft when nothing moved", () => {
    const draft = newDraft();
    const id = draft.nodes[0]!.id;
    expect(moveNodes(draft, new Map([[id, { x: 10.4, y: 20.6 }]])).nodes[0]!.position).toEqual({ x: 10, y: 21 });
    expect(moveNodes(draft, new Map([[id, { x: 0, y: 0 }]]))).toBe(draft);
  });
});
