import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { storageKeys } from "./storage-keys";

/** A form's fields as text: what a draft keeps. */
export type DraftFields = Record<string, string>;
/** A form's starting fields, and whether they came from a saved draft (the form then says so). */
export type RestoredDraft<T extends DraftFields> = { fields: T; isRestored: boolean };

const PREFIX = storageKeys.draftPrefix;
// The forms open right now, each able to say what it holds; read only when the session ends.
const openForms = new Map<string, () => DraftFields>();

const store = (): Storage | undefined => (typeof sessionStorage === "undefined" ? undefined : sessionStorage);

// Whose drafts these are. The tab that left for sign-in may come back signed in as someone else
// (a shared computer): a draft is shown only to the user who wrote it.
let owner: string | null = null;

/** The signed-in user, set by the /app guard before any form renders. */
export function setDraftOwner(userId: string | null): void {
  owner = userId;
}

type SavedDraft = { owner: string; fields: unknown };

/** The stored draft of `key` when it is the current user's; another user's is removed unread. */
function savedFields(key: string): unknown {
  const storage = store();
  const raw = storage?.getItem(PREFIX + key);
  if (raw == null) return undefined;
  try {
    const saved = JSON.parse(raw) as Partial<SavedDraft> | null;
    if (owner && saved && typeof saved === "object" && saved.owner === owner) return saved.fields;
  } catch {
    // Not ours to read: dropped below.
  }
  storage?.removeItem(PREFIX + key);
  return undefined;
}

/** Writes every open form to session storage: called just before the tab leaves for sign-in. */
export function saveOpenDrafts(): void {
  const storage = store();
  if (!storage || !owner) return;
  for (const [key, read] of openForms) {
    try {
      storage.setItem(PREFIX + key, JSON.stringify({ owner, fields: read() } satisfies SavedDraft));
    } catch {
      // Storage full or refused: the sign-in still goes ahead, without this draft.
    }
  }
}

export const hasDraft = (key: string): boolean => savedFields(key) !== undefined;

export const clearDraft = (key: string): void => store()?.removeItem(PREFIX + key);

/**
 * The saved draft of `key` over `initial`. Only the fields `initial` has, and only text, are
 * taken: what session storage holds is not trusted blindly. The form clears it once shown.
 */
export function readDraft<T extends DraftFields>(key: string, initial: T): RestoredDraft<T> {
  const saved = savedFields(key);
  if (!saved || typeof saved !== "object") return { fields: initial, isRestored: false };
  const fields = { ...initial };
  for (const name of Object.keys(initial) as (keyof T)[]) {
    const value = (saved as Record<string, unknown>)[name as string];
    if (typeof value === "string") fields[name] = value as T[keyof T];
  }
  return { fields, isRestored: true };
}

/** Lets `saveOpenDrafts` read this form while it is mounted (and `key` is not null). */
export function registerDraft(key: string, read: () => DraftFields): () => void {
  openForms.set(key, read);
  return () => {
    if (openForms.get(key) === read) openForms.delete(key);
  };
}

/** The hook form of registerDraft: keeps the latest fields of an open form at hand. */
export function useDraft(key: string | null, fields: DraftFields): void {
  const latest = useRef(fields);
  useLayoutEffect(() => {
    latest.current = fields;
  });
  useEffect(() => (key ? registerDraft(key, () => latest.current) : undefined), [key]);
}

/** A form's starting fields: its saved draft over `initial` when there is one, cleared once shown. */
export function useRestoredDraft<T extends DraftFields>(key: string, initial: () => T): RestoredDraft<T> {
  const [restored] = useState(() => readDraft(key, initial()));
  useEffect(() => clearDraft(key), [key]);
  return restored;
}

/**
 * useRestoredDraft for a dialog that stays mounted and fills its form each time it opens: the
 * saved draft of `key` over `initial()`, read as it opens (or as `key` changes while open) and
 * cleared once shown; null until it first opens, the last one while it closes. A new object each
 * opening and the same one for the whole of it, so an effect keyed on it fills the form once, not
 * each time what `initial` reads from refetches behind it.
 */
export function useDraftOnOpen<T extends DraftFields>(open: boolean, key: string, initial: () => T): RestoredDraft<T> | null {
  const [opened, setOpened] = useState<{ key: string; open: boolean; draft: RestoredDraft<T> } | null>(null);
  let current = opened;
  // Read while rendering, as React does with state kept from an earlier render: the form is
  // filled in the same commit as before, and StrictMode's second render reads the same draft.
  if (open && (!opened?.open || opened.key !== key)) {
    current = { key, open, draft: readDraft(key, initial()) };
    setOpened(current);
  } else if (!open && opened?.open) {
    current = { ...opened, open };
    setOpened(current);
  }
  useEffect(() => {
    if (open) clearDraft(key);
  }, [open, key]);
  return current?.draft ?? null;
}
