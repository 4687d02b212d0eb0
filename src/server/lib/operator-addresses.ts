import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import type { Env } from "../env";
import { languageOfRequest } from "../i18n/request-language";
import { translateServerMessage } from "../i18n/server-messages";
import { callerIsOperator } from "./operators";

/** What a tenant reads instead of a message naming the operator's workflow service (translated in shared/i18n/messages). */
export const WORKFLOW_SERVICE_SILENT = "The workflow service did not answer";

/** The hosts only the operator should read: N8N_BASE's and the /hq switchboard's. */
function operatorHosts(env: Pick<Env, "N8N_BASE" | "HQ_SWITCHBOARD_HOSTS">): string[] {
  const bases = [env.N8N_BASE, ...(env.HQ_SWITCHBOARD_HOSTS ?? "").split(",")].map((b) => b?.trim()).filter((b): b is string => Boolean(b));
  const hosts = new Set<string>();
  for (const base of bases) {
    hosts.add(base.replace(/\/+$/, ""));
    try {
      const url = new URL(base);
      hosts.add(url.host);
      hosts.add(url.hostname);
    } catch {
      // Not a URL: the text itself is what to look for.
    }
  }
  return [...hosts].filter((h) => h.length > 0);
}

/** Whether a text names one of the operator's addresses. */
export function namesOperatorAddress(text: string | null | undefined, env: Pick<Env, "N8N_BASE" | "HQ_SWITCHBOARD_HOSTS">): boolean {
  if (!text) return false;
  return operatorHosts(env).some((host) => text.includes(host));
}

/** The text, or for a reader who is no operator and would read an operator's address in it, "the workflow service did not answer". */
export function forTenant(text: string, env: Pick<Env, "N8N_BASE" | "HQ_SWITCHBOARD_HOSTS">, operator: boolean): string {
  return !operator && namesOperatorAddress(text, env) ? WORKFLOW_SERVICE_SILENT : text;
}

/** forTenant for the caller of this request (asks whether they are an operator only when the text needs it). */
export async function forCaller(c: Context<AppEnv>, text: string): Promise<string> {
  const { env } = c.get("services");
  if (!namesOperatorAddress(text, env)) return text;
  const operator = await callerIsOperator(c).catch(() => false);
  return forTenant(text, env, operator);
}

function scrub(value: unknown, env: Pick<Env, "N8N_BASE" | "HQ_SWITCHBOARD_HOSTS">, silent: string): unknown {
  if (typeof value === "string") return namesOperatorAddress(value, env) ? silent : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, env, silent));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, env, silent)]));
  return value;
}

/**
 * An answer for the caller: every text in it that names the operator's n8n or switchboard address
 * says "the workflow service did not answer" instead, unless the caller is an operator.
 */
export async function scrubForCaller<T>(c: Context<AppEnv>, value: T): Promise<T> {
  const { env } = c.get("services");
  if (!namesOperatorAddress(JSON.stringify(value), env)) return value;
  if (await callerIsOperator(c).catch(() => false)) return value;
  return scrub(value, env, translateServerMessage(languageOfRequest(c), WORKFLOW_SERVICE_SILENT)) as T;
}

/**
 * Middleware for the routes whose answers carry n8n's words (the agent's Quickstart and test, jobs'
 * last errors, deploys, connection tests): a JSON answer naming the operator's address is scrubbed
 * for a caller who is no operator (errors are scrubbed in lib/error-handler.ts).
 */
export const scrubOperatorAddresses: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  if (!res.headers.get("content-type")?.includes("application/json")) return;
  const text = await res.clone().text();
  if (!namesOperatorAddress(text, c.get("services").env)) return;
  const scrubbed = await scrubForCaller(c, JSON.parse(text) as unknown);
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  c.res = new Response(JSON.stringify(scrubbed), { status: res.status, headers });
};
