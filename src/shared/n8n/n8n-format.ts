/**
 * n8n's workflow JSON as far as we read and write it. Nodes and connection entries may carry keys
 * we do not name (credentials, notes, retryOnFail, …): they pass through untouched.
 */
export type N8nConnectionEntry = { node: string; type: string; index: number; [key: string]: unknown };
/** One bucket per output; n8n writes null or [] for an output nothing is connected to. */
export type N8nNodeConnections = Record<string, (N8nConnectionEntry[] | null)[]>;
export type N8nConnectionMap = Record<string, N8nNodeConnections>;

export type N8nWorkflowNode = {
  id?: string;
  name: string;
  type: string;
  typeVersion?: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  [key: string]: unknown;
};

/** What Export writes: only the fields n8n's public API accepts on create (it refuses id, active, tags, pinData, …). */
export type N8nExport = {
  name: string;
  nodes: N8nWorkflowNode[];
  connections: N8nConnectionMap;
  settings: Record<string, unknown>;
};

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A v4 uuid from the platform's random source (browsers outside secure contexts lack randomUUID). */
export function newUuid(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
