// Between our workflow model (shared/workflows.ts) and n8n's JSON. Pure: the server and the builder share it.
export * from "./n8n-format";
export * from "./node-catalogue";
export * from "./node-parameters";
export { toN8n, exportHash, connectionLayoutOf, type ConnectionLayout } from "./to-n8n";
export { fromN8n, fromN8nAll, fromN8nText, MAX_WORKFLOWS_PER_IMPORT, type ImportAllResult, type Imported, type ImportReport, type ImportResult } from "./from-n8n";
export { validateWorkflow, setTrigger, workflowProblemCodes, type WorkflowProblem, type WorkflowProblemCode } from "./validate-workflow";
