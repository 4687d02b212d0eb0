import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { commentsPagePath, dropEarlyReads, ME_PATH, ORGANISATIONS_PATH, SESSION_PATH, startEarlyReads, takeEarly } from "./early-reads";

// The dashboard's first reads, started at boot against a stand-in fetch: which are asked, once each,
// and which the app's own reads then take instead of asking again.
const asked: string[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let stored: string | null = null;

beforeEach(() => {
  asked.length = 0;
  stored = null;
  vi.stubGlobal("fetch", vi.fn(async (path: string) => {
    asked.push(path);
    if (path === ORGANISATIONS_PATH) return json({ memberships: [{ org_id: "org-a", role: "member" }, { org_id: "org-b", role: "owner" }] });
    return json({ path });
  }));
  vi.stubGlobal("document", { documentElement: { lang: "de" } });
  vi.stubGlobal("localStorage", { getItem: () => stored });
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("early reads", () => {
  it("ask for what the shell needs on every /app page, and the current organisation's first reads on the dashboard", async () => {
    startEarlyReads("/pricing");
    expect(asked).toEqual([]);
    startEarlyReads("/app/my-tasks");
    await settle();
    expect(asked).toEqual([SESSION_PATH, ME_PATH, ORGANISATIONS_PATH, "/api/v1/organisations/org-a/notifications/unread"]);
    dropEarlyReads();
    asked.length = 0;
    stored = "org-b";
    startEarlyReads("/app/dashboard");
    await settle();
    expect(asked).toEqual([SESSION_PATH, ME_PATH, ORGANISATIONS_PATH, "/api/v1/organisations/org-b/notifications/unread", "/api/v1/organisations/org-b/projects/usage", "/api/v1/organisations/org-b/projects?limit=1"]);
    // Taken once: the answer's body is readable, and a second ask goes to the network.
    expect(await (await takeEarly(SESSION_PATH))!.json()).toEqual({ path: SESSION_PATH });
    expect(takeEarly(SESSION_PATH)).toBeUndefined();
    expect(await (await takeEarly(ORGANISATIONS_PATH))!.json()).toEqual({ memberships: [{ org_id: "org-a", role: "member" }, { org_id: "org-b", role: "owner" }] });
    dropEarlyReads();
  });

  it("ask for each sidebar page's own first reads, the user's at once and the organisation's once it is known", async () => {
    const org = "/api/v1/organisations/org-a";
    const pages: [string, string[]][] = [
      ["/app/planes", [`${org}/planes?limit=50`]],
      ["/app/api-keys", [`${org}/connections`]],
      ["/app/integrations", ["/api/v1/me/calendar-feed", "/api/v1/me/google-calendar", `${org}/connections`, `${org}/whatsapp`, `${org}/telegram`, `${org}/inbound-mail`, `${org}/projects?limit=100`]],
      // The chat asks nothing while AI is off, which the boot cannot know: it reads for itself.
      ["/app/orchestrator", []],
      ["/app/workflow-builder", [`${org}/workflows`]],
      ["/app/settings", ["/api/v1/me/exports", "/api/v1/me/exports/estimate"]],
      // A member's agent page lists no jobs, so none are read for it.
      ["/app/agents", [`${org}/agents/agent`, `${org}/agents/setup`]],
    ];
    for (const [page, own] of pages) {
      asked.length = 0;
      startEarlyReads(page);
      await settle();
      expect(asked.filter((path) => ![SESSION_PATH, ME_PATH, ORGANISATIONS_PATH, `${org}/notifications/unread`].includes(path)).sort()).toEqual([...own].sort());
      dropEarlyReads();
    }
    asked.length = 0;
    stored = "org-b";
    startEarlyReads("/app/agents");
    await settle();
    expect(asked).toContain("/api/v1/organisations/org-b/jobs?");
    dropEarlyReads();
  });

  it("ask for a task page's task, newest comments, activity, members and labels at once", async () => {
    const id = "0b7e8c1e-4f5a-4d2b-9c3e-2a1b0c9d8e7f";
    startEarlyReads(`/app/tasks/${id}`);
    await settle();
    const org = "/api/v1/organisations/org-a";
    expect(asked).toEqual([SESSION_PATH, ME_PATH, ORGANISATIONS_PATH, `${org}/notifications/unread`, `${org}/tasks/${id}`, commentsPagePath("org-a", id, null), `${org}/tasks/${id}/activity`, `${org}/members`, `${org}/labels`]);
    expect(commentsPagePath("org-a", id, null)).toBe(`${org}/tasks/${id}/comments?limit=20&order=newest`);
    dropEarlyReads();
  });

  it("take the first organisation when none was chosen on this device, and leave an answer too old alone", async () => {
    const now = vi.spyOn(performance, "now");
    now.mockReturnValue(1_000);
    startEarlyReads("/app");
    await settle();
    expect(asked).toContain("/api/v1/organisations/org-a/projects/usage");
    now.mockReturnValue(20_000);
    expect(takeEarly(SESSION_PATH)).toBeUndefined();
    now.mockRestore();
  });

  it("are used by the app's reads only when they were good: a refusal at boot (signed out then) is asked again", async () => {
    let signedIn = false;
    vi.stubGlobal("fetch", vi.fn(async (path: string) => {
      asked.push(path);
      if (!signedIn) return json({ error: "signed out" }, 401);
      return json({ memberships: [] });
    }));
    vi.stubGlobal("navigator", { onLine: true });
    startEarlyReads("/app/dashboard");
    await settle();
    signedIn = true;
    const { api } = await import("./api");
    expect(await api(ORGANISATIONS_PATH)).toEqual({ memberships: [] });
    expect(asked.filter((path) => path === ORGANISATIONS_PATH)).toHaveLength(2);
  });

  it("are all dropped by a write, which makes them stale", async () => {
    startEarlyReads("/app/dashboard");
    await settle();
    dropEarlyReads();
    expect(takeEarly(ORGANISATIONS_PATH)).toBeUndefined();
    expect(takeEarly("/api/v1/organisations/org-a/projects/usage")).toBeUndefined();
  });
});
