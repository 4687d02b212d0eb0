import type { N8nExport } from "@/shared/n8n";

// What n8n's public API accepts (its OpenAPI schemas say additionalProperties: false): a
// workflow field, node field or setting outside these lists makes it refuse the whole workflow.
const NODE_KEYS = new Set([
  "id",
  "name",
  "webhookId",
  "disabled",
  "notesInFlow",
  "notes",
  "type",
  "typeVersion",
  "executeOnce",
  "alwaysOutputData",
  "retryOnFail",
  "maxTries",
  "waitBetweenTries",
  "continueOnFail",
  "onError",
  "position",
  "parameters",
  "credentials",
]);
const SETTING_KEYS = new Set([
  "saveExecutionProgress",
  "saveManualExecutions",
  "saveDataErrorExecution",
  "saveDataSuccessExecution",
  "executionTimeout",
  "errorWorkflow",
  "timezone",
  "executionOrder",
  "callerPolicy",
  "callerIds",
  "timeSavedPerExecution",
  "availableInMCP",
]);

const only = <T extends Record<string, unknown>>(record: T, keys: Set<string>): T => Object.fromEntries(Object.entries(record).filter(([key]) => keys.has(key))) as T;

/**
 * The export as n8n's API takes it. An import from a newer n8n can carry keys its editor writes
 * but its API refuses (settings.binaryMode, …); they are left out of the deploy rather than failing
 * it. The export hash reads none of them, so in-sync checks are unaffected.
 */
export function n8nPublicBody(exported: N8nExport): N8nExport {
  return {
    name: exported.name,
    nodes: exported.nodes.map((node) => only(node, NODE_KEYS)),
    connections: exported.connections,
    settings: only(exported.settings, SETTING_KEYS),
  };
}
