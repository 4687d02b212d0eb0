import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkShellSession, onShellSessionChange, type ShellSessionState } from "./shell-session";

// The store behind the /app guard, against a stand-in fetch: what each answer of get-session does.
const answers: (() => Response)[] = [];
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => (answers.shift() ?? json(null))()));
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: () => undefined, removeEventListener: () => undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe("the shell's session check", () => {
  it("a session, then a server error that keeps it, then a 401 that ends it; listeners hear each change once", async () => {
    const heard: [ShellSessionState, ShellSessionState][] = [];
    const stop = onShellSessionChange((next, previous) => heard.push([next, previous]));
    answers.push(json({ user: { id: "u1", email: "a@b.eu" }, session: { id: "s" } }));
    await checkShellSession();
    answers.push(json({ error: "down" }, 503));
    await checkShellSession();
    answers.push(() => {
      throw new TypeError("Failed to fetch");
    });
    await checkShellSession();
    answers.push(json({ user: { id: "u1", email: "a@b.eu" } }));
    await checkShellSession();
    answers.push(json(null, 401));
    await checkShellSession();
    stop();
    expect(heard.map(([next]) => next)).toEqual([
      { data: { user: { id: "u1", name: "", email: "a@b.eu", locale: null, theme: null } }, isPending: false },
      { data: null, isPending: false },
    ]);
    expect(heard[1]![1].data).toEqual({ user: { id: "u1", name: "", email: "a@b.eu", locale: null, theme: null } });
  });

  it("a name, language or theme changed on another device is news; the same answer again is not", async () => {
    answers.push(json({ user: { id: "u3", name: "Ada", locale: "en", theme: "system" } }));
    await checkShellSession();
    const heard: ShellSessionState[] = [];
    const stop = onShellSessionChange((next) => heard.push(next));
    answers.push(json({ user: { id: "u3", name: "Ada", locale: "de", theme: "system" } }), json({ user: { id: "u3", name: "Ada", locale: "de", theme: "system" } }));
    await checkShellSession();
    await checkShellSession();
    answers.push(json({ user: { id: "u3", name: "Ada L.", locale: "de", theme: "system" } }));
    await checkShellSession();
    stop();
    expect(heard).toEqual([
      { data: { user: { id: "u3", name: "Ada", email: "", locale: "de", theme: "system" } }, isPending: false },
      { data: { user: { id: "u3", name: "Ada L.", email: "", locale: "de", theme: "system" } }, isPending: false },
    ]);
  });

  it("an answer of null (no session) ends it as a 401 does", async () => {
    answers.push(json({ user: { id: "u2" } }));
    await checkShellSession();
    const heard: ShellSessionState[] = [];
    const stop = onShellSessionChange((next) => heard.push(next));
    answers.push(json(null));
    await checkShellSession();
    stop();
    expect(heard).toEqual([{ data: null, isPending: false }]);
  });
});
