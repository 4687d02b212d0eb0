import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { AppError } from "./errors";
import { budgetUsed, spendBudget, type BudgetCheck } from "./request-limit-store";

/** What a budget counts: each costs money (a model call, n8n's work, a fetch) or sends mail. */
export type BudgetKind = "model" | "agent" | "deploy" | "scan" | "invite" | "export";
/** A budget: its kind and whom it counts (a person a minute, an organisation or an address a day). */
export type BudgetName = `${BudgetKind}.${"user" | "org"}` | "invite.address";

const MINUTE = 60;
const DAY = 86_400;

/** Each budget as the refusal names it, translated like every server text (shared/i18n/messages). */
export const BUDGET_LABELS: Record<BudgetName, string> = {
  "model.user": "model calls per minute per person",
  "model.org": "model calls per day for the organisation",
  "agent.user": "agent runs and tests per minute per person",
  "agent.org": "agent runs and tests per day for the organisation",
  "deploy.user": "deploys per minute per person",
  "deploy.org": "deploys per day for the organisation",
  "scan.user": "scans per minute per person",
  "scan.org": "scans per day for the organisation",
  "invite.user": "invitations per minute per person",
  "invite.org": "invitations per day for the organisation",
  "invite.address": "invitations per day to one address",
  "export.user": "data exports per day per person",
  "export.org": "data exports per day for the organisation",
};

type Budget = { name: BudgetName; key: string; max: number; windowSeconds: number };

const perUserMinute: Record<Exclude<BudgetKind, "export">, (env: Env) => number> = {
  model: (env) => env.LIMIT_MODEL_CALLS_PER_MINUTE,
  agent: (env) => env.LIMIT_AGENT_RUNS_PER_MINUTE,
  deploy: (env) => env.LIMIT_DEPLOYS_PER_MINUTE,
  scan: (env) => env.LIMIT_SCANS_PER_MINUTE,
  invite: (env) => env.LIMIT_INVITATIONS_PER_MINUTE,
};
const perOrgDay: Record<BudgetKind, (env: Env) => number> = {
  model: (env) => env.LIMIT_MODEL_CALLS_PER_DAY,
  agent: (env) => env.LIMIT_AGENT_RUNS_PER_DAY,
  deploy: (env) => env.LIMIT_DEPLOYS_PER_DAY,
  scan: (env) => env.LIMIT_SCANS_PER_DAY,
  invite: (env) => env.LIMIT_INVITATIONS_PER_DAY,
  export: (env) => env.LIMIT_EXPORTS_PER_DAY,
};

/** The organisation's daily budget of a kind, as its key in request_limits: also read for "used today". */
export const orgDayBudget = (env: Env, kind: BudgetKind, orgId: string): Budget => ({ name: `${kind}.org`, key: `budget:${kind}:org:${orgId}`, max: perOrgDay[kind](env), windowSeconds: DAY });

export type Spender = {
  userId: string;
  /** Absent for a person's own export, which counts per person a day. */
  orgId?: string;
  /** An invitation's recipient, counted a day whoever invites. */
  address?: string;
  /** A model call on the organisation's own key: its money, so its daily budget does not apply. */
  ownModelKey?: boolean;
};

/** An address is counted by its hash: request_limits never holds a person's email. */
const addressKey = (address: string) => createHash("sha256").update(address.trim().toLowerCase()).digest("hex").slice(0, 32);

function budgetsOf(env: Env, kind: BudgetKind, who: Spender): Budget[] {
  const budgets: Budget[] = [];
  if (kind === "export") {
    if (who.orgId) budgets.push(orgDayBudget(env, kind, who.orgId));
    else budgets.push({ name: "export.user", key: `budget:export:user:${who.userId}`, max: env.LIMIT_EXPORTS_PER_DAY, windowSeconds: DAY });
    return budgets;
  }
  budgets.push({ name: `${kind}.user`, key: `budget:${kind}:user:${who.userId}`, max: perUserMinute[kind](env), windowSeconds: MINUTE });
  if (who.orgId && !(kind === "model" && who.ownModelKey)) budgets.push(orgDayBudget(env, kind, who.orgId));
  if (kind === "invite" && who.address) {
    budgets.push({ name: "invite.address", key: `budget:invite:address:${addressKey(who.address)}`, max: env.LIMIT_INVITATIONS_PER_ADDRESS_PER_DAY, windowSeconds: DAY });
  }
  return budgets;
}

/** The refusal: 429 with Retry-After, naming the budget, its size and when it resets. */
export function budgetExceeded(budget: Pick<Budget, "name" | "max">, retryAfterSeconds: number, now: Date): AppError {
  const resetsAt = new Date(now.getTime() + retryAfterSeconds * 1000);
  const label = BUDGET_LABELS[budget.name];
  const time = resetsAt.toISOString().slice(11, 16);
  const error = new AppError("budget_exceeded", `The budget for ${label} is used up (${budget.max}). It resets in ${retryAfterSeconds} seconds, at ${time} UTC.`, undefined, retryAfterSeconds);
  error.details = { budget: budget.name, limit: budget.max, resetsAt: resetsAt.toISOString() };
  return error;
}

export type BudgetDeps = { db: Db; env: Env; now: () => Date };

/** Spends one of each budget of `kind` that applies to `who`, or throws budget_exceeded having spent none. */
export async function chargeBudget(deps: BudgetDeps, kind: BudgetKind, who: Spender): Promise<void> {
  const budgets = budgetsOf(deps.env, kind, who);
  const now = deps.now();
  const verdict = await spendBudget(deps.db, budgets satisfies BudgetCheck[], now);
  if (verdict.allowed) return;
  const budget = budgets.find((b) => b.key === verdict.check.key)!;
  throw budgetExceeded(budget, verdict.retryAfterSeconds, now);
}

export const budgetDepsOf = (c: Context<AppEnv>): BudgetDeps => {
  const { database, env, clock } = c.get("services");
  return { db: database.db, env, now: clock.now };
};

/**
 * A route's budget, after its orgScope: counts per person a minute and per organisation (from the
 * path) a day. A person's own export (no organisation in the path) counts per person a day.
 */
export const budget =
  (kind: BudgetKind): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = requireUser(c);
    await chargeBudget(budgetDepsOf(c), kind, { userId: user.id, orgId: c.req.param("orgId") });
    await next();
  };

/** The organisation's model calls on the server's key today, for its settings: used of budget. */
export async function modelBudgetToday(deps: BudgetDeps, orgId: string): Promise<{ used: number; budget: number }> {
  const b = orgDayBudget(deps.env, "model", orgId);
  return { used: Math.min(b.max, await budgetUsed(deps.db, b.key, b.windowSeconds, deps.now())), budget: b.max };
}
