import { describe, expect, it } from "vitest";
import { isReturnPath, signInAddress } from "./return-to";

describe("return addresses", () => {
  it("are this app's own pages only", () => {
    for (const ok of ["/app", "/app/dashboard", "/app/projects/1?tab=done", "/app/x?next=https://example.eu", "/dev", "/hq", "/invite"]) expect(isReturnPath(ok), ok).toBe(true);
    for (const bad of ["//evil.example/app", "/\\evil.example", "https://evil.example/app", "/application", "/auth", "", null, "/app/../auth", "/devices", "/dev/x", "/hqx", "/hq/x", "/invite/x", "/invites"]) expect(isReturnPath(bad), String(bad)).toBe(false);
  });

  it("ride along to /auth, which says the session ended", () => {
    expect(signInAddress("/app/dashboard?view=done")).toBe("/auth?reason=expired&returnTo=%2Fapp%2Fdashboard%3Fview%3Ddone");
  });
});
