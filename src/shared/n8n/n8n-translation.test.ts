import { readFileSync } from "node:fs";
import { safeParseWorkflowStructure } from "n8n-workflow-structure/dist/esm/workflow-structure-validation.js";
import { describe, expect, it } from "vitest";
import { paletteNodeTypes, workflowDraft, type PaletteNodeType, type WorkflowConnection, type WorkflowDraft, type WorkflowNode } from "../workflows";
import { createNode, exportHash, fromN8n, fromN8nAll, fromN8nText, nodeCatalogue, readNodeForm, setTrigger, toN8n, validateWorkflow, writeNodeForm, type N8nExport } from "./index";
import { starterWorkflow } from "./starter-workflow";

const sample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./samples/${name}.json`, import.meta.url), "utf8")) as Record<string, unknown>;
const samples = ["webhook-if-branches", "ai-agent-schedule", "manual-code-legacy"];

const draftOf = (nodes: WorkflowNode[], connections: Partial<WorkflowConnection>[] = []): WorkflowDraft => ({
  name: "Palette check",
  description: "",
  trigger: "webhook",
  nodes,
  connections: connections.map((c) => ({ from: "", to: "", output: 0, input: 0, kind: "main", ...c })),
  settings: { webhookPath: "", timeout: 30 },
});

/** A node of every palette type with its required parameters set, chained after a webhook. */
function everyType(): { nodes: WorkflowNode[]; byType: Map<PaletteNodeType, WorkflowNode> } {
  const nodes: WorkflowNode[] = [];
  const byType = new Map<PaletteNodeType, WorkflowNode>();
  for (const [i, type] of paletteNodeTypes.entries()) {
    let node = createNode(type, { x: i * 220, y: 0 }, nodes.map((n) => n.name));
    const form = readNodeForm(node);
    if (form?.type === "http") node = writeNodeForm(node, { ...form, url: "https://api.example.eu/orders" });
    if (form?.type === "openai") node = writeNodeForm(node, { ...form, prompt: "Summarise {{ $json.text }}" });
    if (form?.type === "supabase") node = writeNodeForm(node, { ...form, table: "tasks" });
    if (form?.type === "condition") node = writeNodeForm(node, { ...form, left: "={{ $json.total }}", operator: "gt", right: "100" });
    if (form?.type === "transform") node = writeNodeForm(node, { ...form, fields: [{ name: "status", value: "seen" }] });
    if (form?.type === "webhook") node = writeNodeForm(node, { ...form, responseMode: "responseNode" });
    nodes.push(node);
    byType.set(type, node);
  }
  return { nodes, byType };
}

function expectValidInN8n(json: N8nExport) {
  const result = safeParseWorkflowStructure(json);
  expect(result.success ? [] : result.issues).toEqual([]);
}

describe("toN8n", () => {
  it.each(paletteNodeTypes)("exports a lone %s node that n8n's structure validator accepts, with a type and version n8n has", (type) => {
    const node = createNode(type, { x: 40, y: 80 }, []);
    const json = toN8n(draftOf([node]));
    expectValidInN8n(json);
    expect(json.nodes[0]).toMatchObject({ id: node.id, name: node.name, type: nodeCatalogue[type].n8nType, typeVersion: nodeCatalogue[type].typeVersion, position: [40, 80] });
  });

  it("exports every palette type combined, a condition's two outputs as two arrays under main, and nothing n8n's API refuses", () => {
    const { nodes, byType } = everyType();
    const id = (t: PaletteNodeType) => byType.get(t)!.id;
    const draft = draftOf(nodes, [
      { from: id("webhook"), to: id("condition") },
      { from: id("condition"), to: id("http"), output: 0 },
      { from: id("condition"), to: id("transform"), output: 1 },
      { from: id("http"), to: id("openai") },
      { from: id("openai"), to: id("respond") },
      { from: id("transform"), to: id("supabase") },
      { from: id("supabase"), to: id("code") },
    ]);
    // A palette has three triggers; a workflow keeps one.
    const oneTrigger = { ...draft, nodes: draft.nodes.filter((n) => n.type !== "schedule" && n.type !== "manual") };
    expect(validateWorkflow(oneTrigger)).toEqual([]);
    const json = toN8n(oneTrigger);
    expectValidInN8n(json);
    expect(Object.keys(json).sort()).toEqual(["connections", "name", "nodes", "settings"]);
    expect(json.settings).toEqual({ executionOrder: "v1", executionTimeout: 30 });
    const condition = byType.get("condition")!.name;
    expect(json.connections[condition]).toEqual({
      main: [[{ node: byType.get("http")!.name, type: "main", index: 0 }], [{ node: byType.get("transform")!.name, type: "main", index: 0 }]],
    });
    const webhook = json.nodes.find((n) => n.type === "n8n-nodes-base.webhook")!;
    expect(webhook.webhookId).toMatch(/^[0-9a-f-]{36}$/);
    // An empty path falls back to the workflow's n8n_webhook.
    expect(webhook.parameters.path).toBe("palette-check");
    for (const node of json.nodes) expect(Array.isArray(node.position) && node.position.length === 2).toBe(true);
  });

  it("sets the timeout and keeps n8n settings an import carried", () => {
    const draft = { ...draftOf([createNode("manual", { x: 0, y: 0 }, [])]), settings: { webhookPath: "", timeout: 90 }, n8n: { settings: { timezone: "Europe/Paris" } } };
    expect(toN8n(draft).settings).toEqual({ timezone: "Europe/Paris", executionOrder: "v1", executionTimeout: 90 });
  });
});

describe("fromN8n then toN8n", () => {
  it.each(samples)("gives back %s's nodes and connections unchanged, also after the draft is stored and read back", (name) => {
    const original = sample(name);
    const imported = fromN8n(original);
    if (!imported.ok) throw new Error(imported.message);
    // As the server stores it: through the shared schema and JSON.
    const stored = workflowDraft.parse(JSON.parse(JSON.stringify(imported.draft)));
    const exported = toN8n(stored);
    expect(exported.nodes).toEqual(original.nodes);
    expect(exported.connections).toEqual(original.connections);
    expectValidInN8n(exported);
    // n8n's settings come back as they were, the time limit included (or its absence).
    expect(exported.settings).toEqual({ executionOrder: "v1", ...(original.settings as Record<string, unknown>) });
    expect(exportHash(exported)).toBe(exportHash(original as N8nExport));
  });

  it("round-trips the starter workflow we publish for agents", () => {
    const original = starterWorkflow("https://hq.example.eu", "we-love-hq-agent");
    const imported = fromN8n(original);
    if (!imported.ok) throw new Error(imported.message);
    const exported = toN8n(imported.draft);
    expect(exported.nodes).toEqual(original.nodes);
    expect(exported.connections).toEqual(original.connections);
  });

  it("makes palette types editable and reports the nodes kept as they are", () => {
    const ai = fromN8n(sample("ai-agent-schedule"));
    if (!ai.ok) throw new Error(ai.message);
    expect(ai.report.editable).toBe(3);
    expect(ai.report.keptAsIs.map((k) => k.name)).toEqual(["AI Agent", "OpenAI Chat Model", "Send digest"]);
    expect(ai.draft.trigger).toBe("schedule");
    expect(ai.draft.nodes.find((n) => n.name === "Title")!.type).toBe("openai");
    expect(readNodeForm(ai.draft.nodes.find((n) => n.name === "Title")!)).toEqual({ type: "openai", model: "gpt-4o", prompt: "=Give the digest a title: {{ $json.output }}" });
    expect(ai.draft.connections).toContainEqual(expect.objectContaining({ kind: "ai_languageModel" }));

    const legacy = fromN8n(sample("manual-code-legacy"));
    if (!legacy.ok) throw new Error(legacy.message);
    // HTTP Request v3 has another parameter shape than the form edits: kept as is.
    expect(legacy.report.keptAsIs).toEqual([
      { name: "Fetch contacts (old HTTP node)", type: "n8n-nodes-base.httpRequest v3" },
      { name: "No Operation, do nothing", type: "n8n-nodes-base.noOp v1" },
    ]);
    expect(readNodeForm(legacy.draft.nodes.find((n) => n.name === "Has email")!)).toEqual({ type: "condition", left: "={{ $json.email }}", operator: "isNotEmpty", right: "" });

    const branches = fromN8n(sample("webhook-if-branches"));
    if (!branches.ok) throw new Error(branches.message);
    expect(branches.draft).toMatchObject({ name: "Order triage", trigger: "webhook", settings: { webhookPath: "order-triage", timeout: 120 } });
    expect(validateWorkflow(branches.draft)).toEqual([]);
  });

  it("keeps an edited import's other parameters and n8n fields", () => {
    const imported = fromN8n(sample("webhook-if-branches"));
    if (!imported.ok) throw new Error(imported.message);
    const http = imported.draft.nodes.find((n) => n.name === "Tell sales")!;
    const form = readNodeForm(http);
    if (form?.type !== "http") throw new Error("not an http form");
    const edited = writeNodeForm(http, { ...form, method: "PUT" });
    const out = toN8n({ ...imported.draft, nodes: imported.draft.nodes.map((n) => (n === http ? edited : n)) }).nodes.find((n) => n.name === "Tell sales")!;
    expect(out).toMatchObject({ retryOnFail: true, notes: "Posts to the #sales channel", parameters: { method: "PUT", sendBody: true, options: { timeout: 10000 } } });
  });

  it("keeps n8n's time limit as n8n means it: none stays none, -1 stays -1, a limit stays that limit", () => {
    const base = sample("manual-code-legacy");
    const none = fromN8n(base);
    if (!none.ok) throw new Error(none.message);
    expect(none.draft.settings.timeout).toBeNull();
    expect(toN8n(none.draft).settings).not.toHaveProperty("executionTimeout");
    const unlimited = fromN8n({ ...base, settings: { executionOrder: "v1", executionTimeout: -1 } });
    if (!unlimited.ok) throw new Error(unlimited.message);
    expect(unlimited.draft.settings.timeout).toBeNull();
    expect(unlimited.report.notes).toEqual([]);
    expect(toN8n(workflowDraft.parse(JSON.parse(JSON.stringify(unlimited.draft)))).settings.executionTimeout).toBe(-1);
    // A limit set in the builder afterwards is what goes to n8n.
    expect(toN8n({ ...unlimited.draft, settings: { ...unlimited.draft.settings, timeout: 45 } }).settings.executionTimeout).toBe(45);
  });

  it("imports a file from `n8n export:workflow` (an array) as one workflow each, or none when one cannot be", () => {
    const all = fromN8nAll([sample("webhook-if-branches"), sample("manual-code-legacy")]);
    if (!all.ok) throw new Error(all.message);
    expect(all.workflows.map((w) => w.draft.name)).toEqual(["Order triage", sample("manual-code-legacy").name]);
    expect(fromN8nText(JSON.stringify([sample("webhook-if-branches")]))).toMatchObject({ ok: true, workflows: [{ draft: { name: "Order triage" } }] });
    expect(fromN8nAll([sample("webhook-if-branches"), { name: "Broken", connections: {} }])).toEqual({ ok: false, message: 'Workflow "Broken" cannot be imported: This is not an n8n workflow: it has no "nodes" list.' });
    expect(fromN8nAll([])).toEqual({ ok: false, message: "The file holds no workflow." });
  });

  it("keeps a value its form does not offer (Respond to Webhook's firstIncomingItem, a boolean condition, a cron rule) until another is picked", () => {
    const node = (type: WorkflowNode["type"], parameters: Record<string, unknown>): WorkflowNode => ({ id: "n1", type, name: "N", parameters, position: { x: 0, y: 0 } });
    const respond = node("respond", { respondWith: "firstIncomingItem", options: { responseCode: 201 } });
    const form = readNodeForm(respond);
    expect(form).toEqual({ type: "respond", respondWith: "firstIncomingItem", body: "" });
    // Saving the form as read changes nothing; changing the option writes it.
    expect(writeNodeForm(respond, form!)).toBe(respond);
    if (form?.type !== "respond") throw new Error("not a respond form");
    expect(writeNodeForm(respond, { ...form, respondWith: "json", body: "={{ $json }}" }).parameters).toEqual({ respondWith: "json", responseBody: "={{ $json }}", options: { responseCode: 201 } });

    const condition = node("condition", { conditions: { combinator: "and", options: {}, conditions: [{ id: "c1", leftValue: "={{ $json.paid }}", rightValue: "", operator: { type: "boolean", operation: "true", singleValue: true } }] } });
    const read = readNodeForm(condition);
    if (read?.type !== "condition") throw new Error("not a condition form");
    expect(read.operator).toBe("boolean: true");
    const edited = writeNodeForm(condition, { ...read, left: "={{ $json.settled }}" });
    expect((edited.parameters.conditions as { conditions: unknown[] }).conditions[0]).toEqual({ id: "c1", leftValue: "={{ $json.settled }}", rightValue: "", operator: { type: "boolean", operation: "true", singleValue: true } });

    const cron = node("schedule", { rule: { interval: [{ field: "cronExpression", expression: "0 9 * * 1-5" }] } });
    const schedule = readNodeForm(cron);
    expect(schedule).toMatchObject({ type: "schedule", unit: "cronExpression" });
    expect(writeNodeForm(cron, schedule!)).toBe(cron);
  });

  it("refuses what is not an n8n workflow with a clear message", () => {
    expect(fromN8nText("")).toEqual({ ok: false, message: "Paste the workflow JSON or choose a file first." });
    expect(fromN8nText("{nodes:")).toMatchObject({ ok: false, message: expect.stringContaining("not valid JSON") });
    expect(fromN8n([])).toMatchObject({ ok: false, message: expect.stringContaining("expected a JSON object") });
    expect(fromN8n({ connections: {} })).toMatchObject({ ok: false, message: expect.stringContaining('no "nodes"') });
    expect(fromN8n({ nodes: [{ name: "A", type: "x", position: [0, 0] }, { name: "A", type: "y", position: [0, 0] }] })).toMatchObject({ ok: false, message: expect.stringContaining('named "A"') });
    expect(fromN8n({ nodes: [{ type: "x" }] })).toMatchObject({ ok: false, message: "Node 1 has no name." });
    expect(fromN8n({ nodes: [], connections: [] })).toMatchObject({ ok: false });
  });

  it("drops connections to nodes that do not exist and says so", () => {
    const result = fromN8n({ nodes: [{ id: "a", name: "A", type: "n8n-nodes-base.manualTrigger", typeVersion: 1, position: [0, 0], parameters: {} }], connections: { A: { main: [[{ node: "Gone", type: "main", index: 0 }]] }, Ghost: { main: [[]] } } });
    if (!result.ok) throw new Error(result.message);
    expect(result.draft.connections).toEqual([]);
    expect(result.report.notes).toEqual(['A connection from "A" was dropped: its target does not exist.', 'Connections from "Ghost" were dropped: no node has that name.']);
  });
});

describe("validateWorkflow", () => {
  const codes = (draft: WorkflowDraft) => validateWorkflow(draft).map((p) => [p.code, p.nodeId ?? null, p.field ?? null]);

  it("needs exactly one trigger", () => {
    expect(codes(draftOf([]))).toEqual([["no_trigger", null, null]]);
    const a = createNode("webhook", { x: 0, y: 0 }, []);
    const b = createNode("schedule", { x: 0, y: 0 }, []);
    expect(codes(draftOf([a, b]))).toEqual([["many_triggers", b.id, null]]);
  });

  it("names the node of each problem: missing parameters, duplicate names, dangling or impossible connections", () => {
    const trigger = createNode("manual", { x: 0, y: 0 }, []);
    const http = createNode("http", { x: 1, y: 0 }, []);
    const twin = { ...createNode("code", { x: 2, y: 0 }, []), name: http.name };
    const condition = createNode("condition", { x: 3, y: 0 }, []);
    const draft = draftOf([trigger, http, twin, condition], [
      { from: trigger.id, to: "gone" },
      { from: http.id, to: trigger.id },
      { from: http.id, to: twin.id, output: 1 },
      { from: condition.id, to: twin.id, output: 1 },
    ]);
    expect(codes(draft)).toEqual([
      ["missing_parameter", http.id, "url"],
      ["duplicate_name", twin.id, null],
      ["missing_parameter", condition.id, "left"],
      ["dangling_connection", trigger.id, null],
      ["dangling_connection", trigger.id, null],
      ["bad_output", http.id, null],
    ]);
  });

  it("asks the webhook to answer through Respond to Webhook when the workflow has one", () => {
    const webhook = createNode("webhook", { x: 0, y: 0 }, []);
    const respond = createNode("respond", { x: 1, y: 0 }, []);
    expect(codes(draftOf([webhook, respond], [{ from: webhook.id, to: respond.id }]))).toEqual([["response_mode", webhook.id, "responseMode"]]);
  });
});

describe("setTrigger", () => {
  it("changes the trigger node in place, keeping its id and connections, or adds one", () => {
    const webhook = createNode("webhook", { x: 10, y: 20 }, []);
    const code = createNode("code", { x: 300, y: 20 }, []);
    const draft = draftOf([webhook, code], [{ from: webhook.id, to: code.id }]);
    const scheduled = setTrigger(draft, "schedule");
    expect(scheduled.nodes[0]).toMatchObject({ id: webhook.id, type: "schedule", position: { x: 10, y: 20 } });
    expect(scheduled.connections).toEqual(draft.connections);
    expect(setTrigger(scheduled, "schedule")).toBe(scheduled);
    const added = setTrigger(draftOf([code]), "manual");
    expect(added.nodes.map((n) => n.type)).toEqual(["manual", "code"]);
  });
});

describe("exportHash", () => {
  it("ignores what n8n adds on save and notices a changed parameter", () => {
    const imported = fromN8n(sample("webhook-if-branches"));
    if (!imported.ok) throw new Error(imported.message);
    const ours = toN8n(imported.draft);
    const n8nCopy = { ...ours, id: "abc", active: true, createdAt: "2026-01-01", nodes: ours.nodes.map((n) => ({ ...n, id: `n8n-${n.name}` })), connections: { ...ours.connections, Webhook: { main: [[...ours.connections.Webhook!.main![0]!], []] } } };
    expect(exportHash(n8nCopy)).toBe(exportHash(ours));
    const changed = { ...ours, nodes: ours.nodes.map((n) => (n.name === "Tell sales" ? { ...n, parameters: { ...n.parameters, url: "https://other.example.eu" } } : n)) };
    expect(exportHash(changed)).not.toBe(exportHash(ours));
  });
});
