import { msSince, reasonOf, requireOrigin, SELF_CALL_TIMEOUT_MS, SmokeFailure, type SmokeCtx, type SmokeOutcome } from "./smoke-context";

/** better-auth over HTTP: the caller's own cookie must name the caller's own session. */
export async function checkAuth(ctx: SmokeCtx): Promise<SmokeOutcome> {
  const origin = requireOrigin(ctx);
  if (!ctx.cookie) throw new SmokeFailure("the request carried no session cookie to check");
  const started = performance.now();
  const res = await fetch(`${origin}/api/auth/get-session`, { headers: { cookie: ctx.cookie, accept: "application/json" }, signal: AbortSignal.timeout(SELF_CALL_TIMEOUT_MS) }).catch((e: unknown) => {
    throw new SmokeFailure(`the session endpoint could not be reached: ${reasonOf(e, SELF_CALL_TIMEOUT_MS)}`);
  });
  if (res.status !== 200) throw new SmokeFailure(`the session endpoint answered ${res.status}`);
  const body = (await res.json().catch(() => null)) as { user?: { id?: unknown } } | null;
  if (!body?.user) throw new SmokeFailure("the session endpoint did not recognise your session");
  if (body.user.id !== ctx.scope.userId) throw new SmokeFailure("the session endpoint answered with another user");
  return { status: "pass", message: `Your session was read back through the auth service in ${msSince(started)} ms` };
}
