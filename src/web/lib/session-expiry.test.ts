import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// isLeaving is module state: each test loads the modules afresh (signing-out with them).
const load = async () => {
  vi.resetModules();
  const { markSigningOut } = await import("./signing-out");
  return { handleUnauthorized: (await import("./session-expiry")).handleUnauthorized, markSigningOut };
};
const at = (pathname: string) => ({ pathname, search: "", assign: vi.fn() });

describe("handleUnauthorized", () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal("sessionStorage", { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends an /app tab whose session ended to sign-in, saying it expired", async () => {
    const { handleUnauthorized } = await load();
    const location = at("/app/dashboard");
    expect(handleUnauthorized("/api/v1/organisations/o/tasks", location)).toBe(true);
    expect(location.assign).toHaveBeenCalledWith("/auth?reason=expired&returnTo=%2Fapp%2Fdashboard");
  });

  it("leaves a request that fails during a deliberate sign-out to the sign-out", async () => {
    const { handleUnauthorized, markSigningOut } = await load();
    const location = at("/app/dashboard");
    markSigningOut(true);
    expect(handleUnauthorized("/api/v1/organisations/o/tasks", location)).toBe(true);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("does nothing on /auth or for better-auth's own requests", async () => {
    const { handleUnauthorized } = await load();
    const auth = at("/auth");
    expect(handleUnauthorized("/api/v1/organisations/o/tasks", auth)).toBe(false);
    expect(handleUnauthorized("/api/auth/get-session", at("/app"))).toBe(false);
    expect(auth.assign).not.toHaveBeenCalled();
  });
});
