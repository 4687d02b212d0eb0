import type { Context } from "hono";
import { Hono } from "hono";
import { budget } from "../../lib/budgets";
import { SESSION_HINT_COOKIE } from "@/shared/session-hint";
import { deleteAccountInput, exportParams } from "@/shared/data-rights";
import type { AppEnv } from "../../context";
import { CLIENT_IP_HEADER } from "../../auth/client-ip";
import { requireUser } from "../../auth/session";
import { HOST_COOKIE_PREFIX, SESSION_COOKIE_NAME } from "../../auth/session-cookies";
import { parseBody, parseWith } from "../../lib/parse";
import { eraseAccount } from "./erase-account";
import { estimateExport } from "./estimate-export";
import { soleOwnedOrganisations } from "./erasure-preview";
import { listExports, readExport, readExportFile } from "./read-exports";
import { startExport } from "./start-export";

const deps = (c: Context<AppEnv>) => {
  const { database, clock, queue, sessionCache } = c.get("services");
  return { db: database.db, now: clock.now, queue, sessionCache };
};

/** The session's cookies, cleared: the sessions themselves are already gone with the account. */
function clearSessionCookies(c: Context<AppEnv>) {
  const secure = c.get("services").env.APP_URL.startsWith("https://");
  const names = ["session_token", "session_data", "dont_remember"].map((n) => SESSION_COOKIE_NAME.replace("session_token", n));
  for (const name of names) {
    const full = secure ? `${HOST_COOKIE_PREFIX}${name}` : name;
    c.header("Set-Cookie", `${full}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`, { append: true });
  }
  c.header("Set-Cookie", `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure ? "; Secure" : ""}`, { append: true });
}

/** The signed-in user's own data rights: their export, and erasing their account (docs/permissions.md). */
export const meDataRoutes = new Hono<AppEnv>()
  .get("/exports", async (c) => c.json({ exports: await listExports(deps(c), requireUser(c).id) }))
  .post("/exports", budget("export"), async (c) => c.json({ export: await startExport(deps(c), { userId: requireUser(c).id, scope: "user" }) }, 202))
  // Before :exportId, which would take "estimate" for an id.
  .get("/exports/estimate", async (c) => {
    const { database, env } = c.get("services");
    return c.json({ estimate: await estimateExport(database.db, { scope: "user", userId: requireUser(c).id }, env.EXPORT_MAX_MB * 1024 * 1024) });
  })
  .get("/exports/:exportId", async (c) => {
    const { exportId } = parseWith(exportParams, c.req.param());
    return c.json({ export: await readExport(deps(c), requireUser(c).id, exportId) });
  })
  .get("/exports/:exportId/download", async (c) => {
    const { exportId } = parseWith(exportParams, c.req.param());
    const { chunks, size, name } = await readExportFile(deps(c), requireUser(c), exportId);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return c.body(body, 200, { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${name}"`, "Content-Length": String(size) });
  })
  .get("/erasure", async (c) => c.json({ organisations: await soleOwnedOrganisations(c.get("services").database.db, requireUser(c).id) }))
  .delete("/", async (c) => {
    const user = requireUser(c);
    const input = await parseBody(c, deleteAccountInput);
    const { database, auth, env, mailer, logger } = c.get("services");
    const mail = { mailer, appName: env.APP_NAME, appUrl: env.APP_URL, logger };
    await eraseAccount({ db: database.db, auth, secretKey: env.SECRET_KEY, ip: c.req.header(CLIENT_IP_HEADER) ?? null, mail }, user.id, input);
    clearSessionCookies(c);
    return c.body(null, 204);
  });
