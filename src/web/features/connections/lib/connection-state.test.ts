import { describe, expect, it } from "vitest";
import { isKeyProvider, isVerifiedConnection } from "./connection-state";

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
