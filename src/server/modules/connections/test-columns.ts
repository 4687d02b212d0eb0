import type { KeyTestResult } from "@/shared/connections";

/** The columns a test result sets. `tested` means a provider actually answered on the key or service. */
export function testColumns(test: KeyTestResult, now = new Date()) {
  const tested = test.outcome === "valid" || test.outcome === "invalid";
  return { tested, testedAt: tested ? now : null, testOutcome: test.outcome, testMessage: test.message };
}

/** Saving a key: connected unless the provider refused it (untested providers count as connected). */
export const statusAfterKeyTest = (test: KeyTestResult) => (test.outcome === "invalid" ? "error" : "connected");

export const clearedTestColumns = { tested: false, testedAt: null, testOutcome: null, testMessage: null };
