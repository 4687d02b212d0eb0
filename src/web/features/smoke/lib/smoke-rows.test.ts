import { describe, expect, it } from "vitest";
import { countRows, pendingRows, rowOfError, rowOfResult, withRow } from "./smoke-rows";

describe("smoke rows", () => {
  it("starts every check pending and counts as results arrive", () => {
    let rows = pendingRows();
    expect(countRows(rows)).toEqual({ total: 6, passed: 0, failed: 0, pending: 6 });
    rows = withRow(rows, { ...rows[0]!, status: "running" });
    rows = withRow(rows, rowOfResult({ name: "database", status: "pass", message: "ok", duration_ms: 12, timestamp: "2025-01-01T00:00:00.000Z" }));
    rows = withRow(rows, rowOfResult({ name: "n8n", status: "skipped", message: "skipped: n8n not configured", duration_ms: 0, timestamp: "2025-01-01T00:00:00.000Z" }));
    rows = withRow(rows, rowOfError("queue", new Error("Too many smoke tests."), 5));
    expect(countRows(rows)).toEqual({ total: 6, passed: 1, failed: 1, pending: 2 });
    expect(rows.find((r) => r.name === "queue")?.message).toBe("Queue: Too many smoke tests.");
  });
});
