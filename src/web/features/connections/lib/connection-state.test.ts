import { describe, expect, it } from "vitest";
import { isKeyProvider, isVerifiedConnection, verifiedIntegrationCount } from "./connection-state";

describe("connection state", () => {
  it("lists the API Keys page's providers only", () => {
    expect(isKeyProvider({ provider: "mistral" })).toBe(true);
    expect(isKeyProvider({ provider: "gmail" })).toBe(false);
  });

  it("calls a connection verified only where the badge says Connected", () => {
    expect(isVerifiedConnection({ status: "connected", test_outcome: "valid" })).toBe(true);
    expect(isVerifiedConnection({ status: "connected", test_outcome: null })).toBe(true);
    expect(isVerifiedConnection({ status: "connected", test_outcome: "untested" })).toBe(false);
    expect(isVerifiedConnection({ status: "error", test_outcome: "invalid" })).toBe(false);
    expect(isVerifiedConnection({ status: "connected", test_outcome: null }, true)).toBe(false);
    expect(isVerifiedConnection({ status: "connected", test_outcome: "valid" }, true)).toBe(true);
  });
});

describe("verifiedIntegrationCount", () => {
  it("counts integrations whose last test passed, never a switch that cannot be verified nor an API key", () => {
    const rows = [
      { provider: "browseruse", status: "connected", test_outcome: "valid" as const },
      { provider: "gmail", status: "connected", test_outcome: "unverifiable" as const },
      { provider: "telegram", status: "connected", test_outcome: null },
      { provider: "calendar", status: "error", test_outcome: "invalid" as const },
      { provider: "n8n", status: "connected", test_outcome: "invalid" as const },
      { provider: "openai", status: "connected", test_outcome: "valid" as const },
    ];
    expect(verifiedIntegrationCount(rows)).toBe(1);
    expect(verifiedIntegrationCount([])).toBe(0);
  });
});
