import { useCallback, useEffect, useRef, useState } from "react";
import type { ActionPlanItems, ActionPlanProgress } from "@/shared/action-plan";
import type { Membership } from "@/shared/organisations";
import { askSignedIn } from "@/web/features/marketing/lib/use-signed-in";
import { api } from "@/web/lib/api";
import { pickCurrentOrg } from "@/web/lib/current-org";
import { readLocalProgress, writeLocalProgress } from "./local-progress";
import { PendingTicks, setTick } from "./pending-ticks";

export type PlanStorage = { kind: "loading" } | { kind: "local" } | { kind: "organisation"; orgId: string; orgName: string; offline: boolean };
export type PlanState = { items: ActionPlanItems; savedAt: string | null; storage: PlanStorage; error: string | null };

const planPath = (orgId: string) => `/api/v1/organisations/${orgId}/action-plan`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The checklist's ticks: the organisation's on the server when someone is signed in (this
 * browser keeps a copy), else this browser's only. A tick shows at once and goes back if the
 * server refuses it.
 */
export function useActionPlan() {
  const [state, setState] = useState<PlanState>(() => ({ ...readLocalProgress(), storage: { kind: "loading" }, error: null }));
  const storage = useRef<PlanStorage>(state.storage);
  storage.current = state.storage;
  const items = useRef(state.items);
  items.current = state.items;
  const ticks = useRef(new PendingTicks());

  useEffect(() => {
    let current = true;
    const settle = (next: Partial<PlanState>) => current && setState((s) => ({ ...s, ...next }));
    void (async () => {
      if (!(await askSignedIn())) return settle({ storage: { kind: "local" } });
      try {
        const { memberships } = await api<{ memberships: Membership[] }>("/api/v1/organisations");
        const chosen = pickCurrentOrg(memberships);
        if (!chosen) return settle({ storage: { kind: "local" } });
        const org = { kind: "organisation" as const, orgId: chosen.org_id, orgName: chosen.organisations.name };
        try {
          const progress = await api<ActionPlanProgress>(planPath(chosen.org_id));
          writeLocalProgress({ items: progress.items, savedAt: progress.updatedAt });
          ticks.current.loaded(progress.updatedAt);
          settle({ items: progress.items, savedAt: progress.updatedAt, storage: { ...org, offline: false } });
        } catch {
          settle({ storage: { ...org, offline: true } });
        }
      } catch {
        settle({ storage: { kind: "local" } });
      }
    })();
    return () => {
      current = false;
    };
  }, []);

  const toggle = useCallback(async (key: string, done: boolean) => {
    const now = new Date().toISOString();
    const wasDone = items.current[key] === true;
    const seq = ticks.current.send(key, done);
    setState((s) => {
      const next = setTick(s.items, key, done);
      writeLocalProgress({ items: next, savedAt: now });
      return { ...s, items: next, savedAt: now, error: null };
    });
    const where = storage.current;
    if (where.kind !== "organisation") return;
    try {
      const saved = await api<ActionPlanProgress>(planPath(where.orgId), { method: "PATCH", body: { key, done } });
      const shown = ticks.current.settled(key, seq, saved.items, saved.updatedAt ?? "");
      if (!shown) return;
      writeLocalProgress({ items: shown, savedAt: saved.updatedAt });
      setState((s) => ({ ...s, items: shown, savedAt: saved.updatedAt, storage: { ...where, offline: false } }));
    } catch (error) {
      const putBack = ticks.current.failed(key, seq);
      setState((s) => {
        const next = putBack ? setTick(s.items, key, wasDone) : s.items;
        writeLocalProgress({ items: next, savedAt: now });
        return { ...s, items: next, error: messageOf(error) };
      });
    }
  }, []);

  const reset = useCallback(async () => {
    const where = storage.current;
    if (where.kind === "organisation") {
      try {
        const saved = await api<ActionPlanProgress>(planPath(where.orgId), { method: "DELETE" });
        writeLocalProgress({ items: saved.items, savedAt: null });
        ticks.current.loaded(saved.updatedAt);
        setState((s) => ({ ...s, items: saved.items, savedAt: saved.updatedAt, error: null }));
      } catch (error) {
        setState((s) => ({ ...s, error: messageOf(error) }));
        return false;
      }
      return true;
    }
    writeLocalProgress({ items: {}, savedAt: null });
    setState((s) => ({ ...s, items: {}, savedAt: null, error: null }));
    return true;
  }, []);

  return { ...state, toggle, reset };
}
