import { emptyScope, isEmptyScope, mergeScopes, scopeOfChange, type ChangeEntity, type ChangeScope, type LiveChange } from "./change-scope";

// The echo of a write comes back within moments; one still unseen after this is not coming.
const ECHO_WINDOW_MS = 10_000;

type OrgState = { inFlight: number; owed: ChangeScope; held: LiveChange[]; echoes: Map<string, { count: number; until: number }> };

/**
 * This tab's writes and what they mean for refetching. While a write is in flight nothing of the
 * organisation refetches (a refetch would land on top of its optimistic change); the last one to
 * settle refetches for all of them and for the changes heard meanwhile. A change this tab made
 * comes back on the feed as its echo, which refetches nothing: the write already did.
 * Each call returns the scope to refresh now, or null.
 */
export function createTabWrites(now: () => number = Date.now) {
  const orgs = new Map<string, OrgState>();
  const stateOf = (orgId: string) => {
    let state = orgs.get(orgId);
    if (!state) orgs.set(orgId, (state = { inFlight: 0, owed: emptyScope, held: [], echoes: new Map() }));
    return state;
  };
  const echoKey = (entity: ChangeEntity, id: string) => `${entity}:${id}`;

  // Each write's echo is recognised once, so a colleague's later change to the same row still counts.
  const takeEcho = (state: OrgState, change: LiveChange) => {
    const key = echoKey(change.entity, change.id);
    const echo = state.echoes.get(key);
    if (!echo) return false;
    echo.count -= 1;
    if (echo.count === 0 || echo.until < now()) state.echoes.delete(key);
    return echo.until >= now();
  };

  const drain = (orgId: string): ChangeScope | null => {
    const state = stateOf(orgId);
    const heard = state.held.splice(0).filter((change) => !takeEcho(state, change));
    const scope = heard.reduce((acc, change) => mergeScopes(acc, scopeOfChange(change)), state.owed);
    state.owed = emptyScope;
    return isEmptyScope(scope) ? null : scope;
  };

  return {
    begin(orgId: string) {
      stateOf(orgId).inFlight += 1;
    },
    /** A write settled: `scope` is what it changed; `echo` the rows it saved, when it succeeded. */
    end(orgId: string, scope: ChangeScope, echo?: { entity: ChangeEntity; ids: string[] }): ChangeScope | null {
      const state = stateOf(orgId);
      for (const [key, { until }] of state.echoes) if (until < now()) state.echoes.delete(key);
      for (const id of echo?.ids ?? []) {
        const previous = state.echoes.get(echoKey(echo!.entity, id));
        state.echoes.set(echoKey(echo!.entity, id), { count: (previous?.count ?? 0) + 1, until: now() + ECHO_WINDOW_MS });
      }
      state.owed = mergeScopes(state.owed, scope);
      state.inFlight = Math.max(0, state.inFlight - 1);
      return state.inFlight === 0 ? drain(orgId) : null;
    },
    /** Changes heard on the feed; held while a write is in flight, since one may be its echo. */
    receive(orgId: string, changes: LiveChange[]): ChangeScope | null {
      const state = stateOf(orgId);
      state.held.push(...changes);
      return state.inFlight === 0 ? drain(orgId) : null;
    },
    /** A scope to refresh that no single change names (a resync); held like a change. */
    owe(orgId: string, scope: ChangeScope): ChangeScope | null {
      const state = stateOf(orgId);
      state.owed = mergeScopes(state.owed, scope);
      return state.inFlight === 0 ? drain(orgId) : null;
    },
    /** Everything held and owed, writes in flight or not: for a write that never settles. */
    release: drain,
    isWriting: (orgId: string) => stateOf(orgId).inFlight > 0,
  };
}

/** The one registry of this tab, shared by every mutation and the change feed. */
export const tabWrites = createTabWrites();
