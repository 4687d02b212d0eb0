import type { ActionPlanItems } from "@/shared/action-plan";

/**
 * Ticks sent to the server and not yet answered. Two ticks can be in flight at once, and their
 * answers can come back in any order, so neither a failure nor a late answer may undo the other:
 * a failure puts back only its own key, and a server copy older than one already shown is not shown.
 */
export class PendingTicks {
  private readonly pending = new Map<string, { done: boolean; seq: number }>();
  private seq = 0;
  private shownAt = "";

  /** Records a tick on its way; the number names it when its answer comes. */
  send(key: string, done: boolean): number {
    this.seq += 1;
    this.pending.set(key, { done, seq: this.seq });
    return this.seq;
  }

  /** The server's copy with every tick still on its way laid over it, or null when it is older than what is shown. */
  settled(key: string, seq: number, items: ActionPlanItems, updatedAt: string): ActionPlanItems | null {
    if (this.pending.get(key)?.seq === seq) this.pending.delete(key);
    if (updatedAt < this.shownAt) return null;
    this.shownAt = updatedAt;
    return overlay(items, this.pending);
  }

  /** Forgets a refused tick; true when its key should be put back (no later tick on it is on its way). */
  failed(key: string, seq: number): boolean {
    if (this.pending.get(key)?.seq !== seq) return false;
    this.pending.delete(key);
    return true;
  }

  /** A copy from the server read at load or after a reset: nothing older may replace it. */
  loaded(updatedAt: string | null): void {
    this.shownAt = updatedAt ?? "";
  }
}

export function setTick(items: ActionPlanItems, key: string, done: boolean): ActionPlanItems {
  const next = { ...items };
  if (done) next[key] = true;
  else delete next[key];
  return next;
}

function overlay(items: ActionPlanItems, pending: ReadonlyMap<string, { done: boolean }>): ActionPlanItems {
  let out = items;
  for (const [key, { done }] of pending) out = setTick(out, key, done);
  return out;
}
