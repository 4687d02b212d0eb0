import type { PaletteNodeType, WorkflowNode } from "../workflows";
import { isRecord, newUuid } from "./n8n-format";
import { nodeCatalogue } from "./node-catalogue";

/**
 * The parameters panel's view of a node: per palette type, the fields n8n needs, read from and
 * written into n8n's parameter shape. Writing merges, so parameters the form does not show
 * (options, authentication, …) survive an edit; and it writes only the fields that changed, so a
 * value the form does not offer (n8n's `firstIncomingItem`, a cron rule, an operator of another
 * type) is kept exactly as n8n wrote it until someone picks another one.
 */
export const httpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;
export const webhookResponseModes = ["onReceived", "lastNode", "responseNode"] as const;
export const scheduleUnits = ["seconds", "minutes", "hours", "days", "weeks"] as const;
export const supabaseOperations = ["create", "get", "getAll", "update", "delete"] as const;
export const conditionOperators = ["equals", "notEquals", "contains", "notContains", "gt", "lt", "isEmpty", "isNotEmpty"] as const;
export const respondWiths = ["json", "text", "allIncomingItems", "noData"] as const;
export type ConditionOperator = (typeof conditionOperators)[number];
/** One of the values the form offers, or one n8n wrote that it does not (kept, and shown as it is). */
export type OfferedOr<T extends string> = T | (string & {});

export type NodeForm =
  | { type: "webhook"; httpMethod: OfferedOr<(typeof httpMethods)[number]>; path: string; responseMode: OfferedOr<(typeof webhookResponseModes)[number]> }
  | { type: "schedule"; unit: OfferedOr<(typeof scheduleUnits)[number]>; every: number }
  | { type: "manual" }
  | { type: "http"; method: OfferedOr<(typeof httpMethods)[number]>; url: string }
  | { type: "openai"; model: string; prompt: string }
  | { type: "supabase"; operation: OfferedOr<(typeof supabaseOperations)[number]>; table: string }
  | { type: "condition"; left: string; operator: OfferedOr<ConditionOperator>; right: string }
  | { type: "transform"; fields: { name: string; value: string }[] }
  | { type: "code"; jsCode: string }
  | { type: "respond"; respondWith: OfferedOr<(typeof respondWiths)[number]>; body: string };

/** Whether `value` is one the form offers for that field: a select shows any other as kept. */
export const isOffered = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** n8n's value as it is when it has one; the form's default only where n8n left the field out. */
const keptOr = (value: unknown, fallback: string): string => (typeof value === "string" && value !== "" ? value : fallback);
const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

// n8n's If v2 names an operator by value type and operation; the single-value ones carry no right side.
const operatorShapes: Record<ConditionOperator, { type: string; operation: string; singleValue?: true }> = {
  equals: { type: "string", operation: "equals" },
  notEquals: { type: "string", operation: "notEquals" },
  contains: { type: "string", operation: "contains" },
  notContains: { type: "string", operation: "notContains" },
  gt: { type: "number", operation: "gt" },
  lt: { type: "number", operation: "lt" },
  isEmpty: { type: "string", operation: "empty", singleValue: true },
  isNotEmpty: { type: "string", operation: "notEmpty", singleValue: true },
};
export const isSingleValueOperator = (operator: string) => isOffered(conditionOperators, operator) && operatorShapes[operator].singleValue === true;

const firstCondition = (p: Record<string, unknown>): Record<string, unknown> => {
  const block = isRecord(p.conditions) ? p.conditions : {};
  const list = Array.isArray(block.conditions) ? block.conditions : [];
  return isRecord(list[0]) ? list[0] : {};
};

export const defaultJsCode = "// Runs once for all incoming items.\nreturn $input.all();";

/** The form of a palette node, defaults filled in where n8n's parameters leave them out; null for an opaque node. */
export function readNodeForm(node: WorkflowNode): NodeForm | null {
  const p = node.parameters;
  switch (node.type) {
    case "webhook":
      return { type: "webhook", httpMethod: keptOr(p.httpMethod, "GET"), path: text(p.path), responseMode: keptOr(p.responseMode, "onReceived") };
    case "schedule": {
      const rule = isRecord(p.rule) && Array.isArray(p.rule.interval) && isRecord(p.rule.interval[0]) ? p.rule.interval[0] : {};
      const unit = keptOr(rule.field, "days");
      const every = rule[`${unit}Interval`];
      return { type: "schedule", unit, every: typeof every === "number" ? every : 1 };
    }
    case "manual":
      return { type: "manual" };
    case "http":
      return { type: "http", method: keptOr(p.method, "GET"), url: text(p.url) };
    case "openai": {
      const model = isRecord(p.modelId) ? text(p.modelId.value) : text(p.modelId);
      const messages = isRecord(p.messages) && Array.isArray(p.messages.values) && isRecord(p.messages.values[0]) ? p.messages.values[0] : {};
      return { type: "openai", model, prompt: text(messages.content) };
    }
    case "supabase":
      return { type: "supabase", operation: keptOr(p.operation, "create"), table: text(p.tableId) };
    case "condition": {
      const condition = firstCondition(p);
      const op = isRecord(condition.operator) ? condition.operator : {};
      const ours = (Object.entries(operatorShapes) as [ConditionOperator, { type: string; operation: string }][]).find(([, s]) => s.type === op.type && s.operation === op.operation)?.[0];
      // Another type's operator (a boolean "is true", a date's "after") is named as n8n does: type, operation.
      const operator = ours ?? (typeof op.operation === "string" ? `${text(op.type)}: ${op.operation}` : "equals");
      return { type: "condition", left: text(condition.leftValue), operator, right: text(condition.rightValue) };
    }
    case "transform": {
      const block = isRecord(p.assignments) && Array.isArray(p.assignments.assignments) ? p.assignments.assignments : [];
      return { type: "transform", fields: block.filter(isRecord).map((a) => ({ name: text(a.name), value: text(a.value) })) };
    }
    case "code":
      return { type: "code", jsCode: text(p.jsCode) };
    case "respond":
      return { type: "respond", respondWith: keptOr(p.respondWith, "allIncomingItems"), body: text(p.responseBody) };
    case "opaque":
      return null;
  }
}

/**
 * The node with the form written into its parameters; the form's type must be the node's. Only
 * the fields that differ from what the node holds are written, so what the form cannot show stays.
 */
export function writeNodeForm(node: WorkflowNode, form: NodeForm): WorkflowNode {
  const before = readNodeForm(node);
  if (form.type !== node.type || !before || before.type !== form.type) return node;
  const was = before as Record<string, unknown>;
  const changed = (field: string) => JSON.stringify((form as Record<string, unknown>)[field]) !== JSON.stringify(was[field]);
  if (!Object.keys(form).some(changed)) return node;
  const p = node.parameters;
  const parameters: Record<string, unknown> = { ...p };
  const set = (field: string, key: string, value: unknown) => {
    if (changed(field)) parameters[key] = value;
  };
  switch (form.type) {
    case "webhook":
      set("httpMethod", "httpMethod", form.httpMethod);
      set("path", "path", form.path);
      set("responseMode", "responseMode", form.responseMode);
      break;
    case "schedule":
      parameters.rule = { interval: [{ field: form.unit, [`${form.unit}Interval`]: form.every }] };
      break;
    case "manual":
      break;
    case "http":
      set("method", "method", form.method);
      set("url", "url", form.url);
      break;
    case "openai": {
      const modelId = isRecord(p.modelId) ? p.modelId : { __rl: true, mode: "list" };
      set("model", "modelId", { ...modelId, value: form.model });
      const messages = isRecord(p.messages) && Array.isArray(p.messages.values) ? p.messages.values : [];
      const first = isRecord(messages[0]) ? messages[0] : {};
      set("prompt", "messages", { values: [{ ...first, content: form.prompt }, ...messages.slice(1)] });
      break;
    }
    case "supabase":
      set("operation", "operation", form.operation);
      set("table", "tableId", form.table);
      break;
    case "condition": {
      const block = isRecord(p.conditions) ? p.conditions : {};
      const list = Array.isArray(block.conditions) ? block.conditions : [];
      const condition: Record<string, unknown> = { ...firstCondition(p), id: text(firstCondition(p).id) || newUuid() };
      if (changed("left")) condition.leftValue = form.left;
      if (changed("right")) condition.rightValue = form.right;
      const shape = isOffered(conditionOperators, form.operator) ? operatorShapes[form.operator] : null;
      if (changed("operator") && shape) {
        condition.operator = shape.singleValue ? { type: shape.type, operation: shape.operation, singleValue: true } : { type: shape.type, operation: shape.operation };
        if (shape.singleValue) condition.rightValue = "";
      }
      condition.leftValue ??= "";
      condition.rightValue ??= "";
      parameters.conditions = {
        options: { caseSensitive: true, leftValue: "", typeValidation: "loose", version: 2 },
        combinator: "and",
        ...block,
        conditions: [condition, ...list.slice(1)],
      };
      break;
    }
    case "transform": {
      const old = isRecord(p.assignments) && Array.isArray(p.assignments.assignments) ? p.assignments.assignments.filter(isRecord) : [];
      parameters.mode = p.mode ?? "manual";
      parameters.assignments = {
        assignments: form.fields.map((field, i) => ({ ...(old[i] ?? {}), id: text(old[i]?.id) || newUuid(), name: field.name, value: field.value, type: text(old[i]?.type) || "string" })),
      };
      break;
    }
    case "code":
      parameters.jsCode = form.jsCode;
      break;
    case "respond":
      set("respondWith", "respondWith", form.respondWith);
      if (form.respondWith === "json" || form.respondWith === "text") set("body", "responseBody", form.body);
      else if (changed("respondWith")) delete parameters.responseBody;
      break;
  }
  return { ...node, parameters };
}

export type FormProblem = { field: string; message: string };

/** The parameters n8n cannot run without, as the panel names them. */
export function formProblems(form: NodeForm): FormProblem[] {
  const problems: FormProblem[] = [];
  const need = (ok: boolean, field: string, message: string) => {
    if (!ok) problems.push({ field, message });
  };
  switch (form.type) {
    case "schedule":
      need(Number.isInteger(form.every) && form.every >= 1, "every", "Run at least every 1 unit, in whole numbers");
      break;
    case "http":
      need(form.url.trim() !== "", "url", "Enter the URL to call");
      break;
    case "openai":
      need(form.model.trim() !== "", "model", "Choose a model");
      need(form.prompt.trim() !== "", "prompt", "Write the prompt");
      break;
    case "supabase":
      need(form.table.trim() !== "", "table", "Enter the table");
      break;
    case "condition":
      need(form.left.trim() !== "", "left", "Enter the value to compare");
      break;
    case "transform":
      need(form.fields.length > 0 && form.fields.every((f) => f.name.trim() !== ""), "fields", "Name every field to set");
      break;
    case "code":
      need(form.jsCode.trim() !== "", "jsCode", "Write the code to run");
      break;
    default:
      break;
  }
  return problems;
}

/** A new palette node's parameters: what n8n's editor would start with, plus sensible first values. */
export function defaultParameters(type: PaletteNodeType): Record<string, unknown> {
  switch (type) {
    case "webhook":
      return { httpMethod: "POST", path: "", responseMode: "onReceived", options: {} };
    case "schedule":
      return { rule: { interval: [{ field: "hours", hoursInterval: 1 }] } };
    case "manual":
      return {};
    case "http":
      return { method: "GET", url: "", options: {} };
    case "openai":
      return { modelId: { __rl: true, mode: "list", value: "gpt-4o-mini" }, messages: { values: [{ content: "" }] }, options: {} };
    case "supabase":
      return { operation: "getAll", tableId: "" };
    case "condition":
      return writeNodeForm({ id: "x", type: "condition", name: "x", parameters: { options: {} }, position: { x: 0, y: 0 } }, { type: "condition", left: "", operator: "equals", right: "" }).parameters;
    case "transform":
      return { mode: "manual", assignments: { assignments: [] }, options: {} };
    case "code":
      return { jsCode: defaultJsCode };
    case "respond":
      return { respondWith: "allIncomingItems", options: {} };
  }
}

/** A node name not yet taken: n8n's own scheme, "HTTP Request", "HTTP Request1", … */
export function uniqueNodeName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let i = 1; ; i++) if (!names.has(`${base}${i}`)) return `${base}${i}`;
}

/** A new node of a palette type: fresh ids (a webhook also gets the webhookId n8n routes by), a free name. */
export function createNode(type: PaletteNodeType, position: { x: number; y: number }, takenNames: Iterable<string>): WorkflowNode {
  const entry = nodeCatalogue[type];
  const node: WorkflowNode = { id: newUuid(), type, name: uniqueNodeName(entry.defaultName, takenNames), parameters: defaultParameters(type), position };
  return type === "webhook" ? { ...node, n8n: { webhookId: newUuid() } } : node;
}
