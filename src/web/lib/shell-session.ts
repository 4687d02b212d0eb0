import { useSyncExternalStore } from "react";
import { dropEarlyReads, SESSION_PATH, takeEarly } from "./early-reads";

/** What the /app shell needs of the session: whose it is, their name and address, and their stored language and theme. */
export type ShellUser = { id: string; name: string; email: string; locale: string | null; theme: string | null };
export type ShellSession = { user: ShellUser };
export type ShellSessionState = { data: ShellSession | null; isPending: boolean };

// The spec's session check: every 30 s and when the tab comes back into view, as better-auth's
// useSession did here; this is its behaviour in 50 lines, without its client (12 kB gzip) on every
// /app screen. Pages that change the session (sign-in, settings) still use better-auth's client.
const CHECK_EVERY_MS = 30_000;

let state: ShellSessionState = { data: null, isPending: true };
type ChangeListener = (next: ShellSessionState, previous: ShellSessionState) => void;
const changeListeners = new Set<ChangeListener>();
const watchers = new Set<() => void>();
let latest = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function set(next: ShellSessionState) {
  const previous = state;
  const same = sameUser(previous.data, next.data);
  // Signed out, or someone else: what was read early for the one before is not theirs.
  if (previous.data && previous.data.user.id !== next.data?.user.id) dropEarlyReads();
  if (same && previous.isPending === next.isPending) return;
  // The same object while nothing changed: React re-renders on a new one.
  state = same ? { ...next, data: previous.data } : next;
  for (const listener of changeListeners) listener(state, previous);
  for (const watcher of watchers) watcher();
}

/** Asks the server; a network failure or a 5xx keeps what was known, a 401 or no session ends it. */
export async function checkShellSession(): Promise<void> {
  const id = ++latest;
  let next: ShellSessionState;
  try {
    const response = await (takeEarly(SESSION_PATH) ?? fetch(SESSION_PATH, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } }));
    if (response.status === 401) next = { data: null, isPending: false };
    else if (!response.ok) next = { data: state.data, isPending: false };
    else {
      next = { data: shellSessionOf(await response.json()), isPending: false };
    }
  } catch {
    next = { data: state.data, isPending: false };
  }
  if (id === latest) set(next);
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

function shellSessionOf(body: unknown): ShellSession | null {
  const user = (body as { user?: Record<string, unknown> } | null)?.user;
  if (typeof user?.id !== "string") return null;
  return { user: { id: user.id, name: text(user.name) ?? "", email: text(user.email) ?? "", locale: text(user.locale), theme: text(user.theme) } };
}

const sameUser = (a: ShellSession | null, b: ShellSession | null) =>
  a === b || (a !== null && b !== null && (Object.keys(a.user) as (keyof ShellUser)[]).every((key) => a.user[key] === b.user[key]));

const onVisible = () => {
  if (document.visibilityState === "visible") void checkShellSession();
};

function subscribe(watcher: () => void): () => void {
  if (watchers.size === 0) start();
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
    if (watchers.size === 0) stop();
  };
}

function start() {
  void checkShellSession();
  timer = setInterval(() => void checkShellSession(), CHECK_EVERY_MS);
  document.addEventListener("visibilitychange", onVisible);
}

function stop() {
  clearInterval(timer);
  document.removeEventListener("visibilitychange", onVisible);
  latest++;
  // The next shell (after a sign-in, say) starts from "checking", never from what this one last heard.
  state = { data: null, isPending: true };
  dropEarlyReads();
}

/** The shell's session, checked as better-auth's useSession checks it. */
export const useShellSession = (): ShellSessionState => useSyncExternalStore(subscribe, () => state);

/** Told of every change before React renders it: the session-end drafts listen here. */
export function onShellSessionChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}
