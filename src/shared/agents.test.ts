import { describe, expect, it } from "vitest";
import { createAgentInput, DEFAULT_AGENT_INSTRUCTIONS, updateAgentInput } from "./agents";

describe("agent contracts", () => {
  it("fills the spec's defaults on create", () => {
    expect(createAgentInput.parse({ name: "  Ops  " })).toEqual({
      name: "Ops",
      webhook_path: "/we-love-hq-agent",
      instructions: DEFAULT_AGENT_INSTRUCTIONS,
      project_default: null,
      description: null,
    });
  });

  it("reads the form's empty fields as their defaults: no default project, the default path and instructions", () => {
    const parsed = createAgentInput.parse({ name: "Ops", webhook_path: " ", instructions: "", project_default: "", description: "  " });
    expect(parsed).toMatchObject({ webhook_path: "/we-love-hq-agent", instructions: DEFAULT_AGENT_INSTRUCTIONS, project_default: null, description: null });
  });

  it("keeps one leading slash and refuses paths n8n or the starter workflow would not take", () => {
    expect(createAgentInput.parse({ name: "A", webhook_path: "//hooks/ops" }).webhook_path).toBe("/hooks/ops");
    for (const webhook_path of ["/../etc", "/a b", "/a.json", "/a//b", "/ä"]) {
      expect(createAgentInput.safeParse({ name: "A", webhook_path }).success, webhook_path).toBe(false);
    }
  });

  it("needs a name and, for an edit, the version it was based on", () => {
    expect(createAgentInput.safeParse({ name: " " }).success).toBe(false);
    expect(createAgentInput.safeParse({ name: "x".repeat(101) }).success).toBe(false);
    expect(updateAgentInput.safeParse({ name: "A" }).success).toBe(false);
    expect(updateAgentInput.parse({ version: 3, project_default: null })).toEqual({ version: 3, project_default: null });
    expect(updateAgentInput.parse({ version: 3, description: " " })).toEqual({ version: 3, description: null });
  });
});
