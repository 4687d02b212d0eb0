import { describe, expect, it } from "vitest";
import type { Workflow } from "@/shared/workflows";
import { draftOf } from "./draft-of";

const saved: Workflow = {
  id: "0b6f3a52-4a8e-4b39-9a3f-9d3c1c3f0a11",
  name: "Orders",
  description: "",
  trigger: "manual",
  nodes: [{ id: "n1", type: "manual", name: "Start", parameters: {}, position: { x: 0, y: 0 } }],
  connections: [],
  settings: { webhookPath: "", timeout: 30 },
  status: "enabled",
  n8nWebhook: "orders",
  version: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  deployment: null,
};

describe("draftOf", () => {
  it("keeps the document and drops the server's own fields", () => {
    expect(draftOf(saved)).toEqual({ name: "Orders", description: "", trigger: "manual", nodes: saved.nodes, connections: [], settings: saved.settings });
  });

  it("keeps what an import carried from n8n", () => {
    expect(draftOf({ ...saved, n8n: { settings: { timezone: "Europe/Paris" } } }).n8n).toEqual({ settings: { timezone: "Europe/Paris" } });
  });
});
