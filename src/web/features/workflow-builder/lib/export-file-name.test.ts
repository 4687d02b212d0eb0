import { describe, expect, it } from "vitest";
import { exportFileName } from "./export-file-name";

describe("exportFileName", () => {
  it("is the spec's n8n_webhook: lower case, whitespace runs as hyphens", () => {
    expect(exportFileName("  Order  Notifications ")).toBe("order-notifications.json");
  });

  it("keeps characters a file system refuses out of the name", () => {
    expect(exportFileName('Sync a/b: "c"?')).toBe("sync-a-b---c--.json");
    expect(exportFileName("..hidden")).toBe("hidden.json");
  });

  it("names an unnamed draft workflow.json", () => {
    expect(exportFileName("")).toBe("workflow.json");
    expect(exportFileName("   ")).toBe("workflow.json");
  });
});
