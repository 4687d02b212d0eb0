import { Hono, type Context } from "hono";
import { accessTokenParams, createAccessTokenInput } from "@/shared/access-tokens";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseBody, parseWith } from "../../lib/parse";
import { createAccessToken, listAccessTokens, revokeAccessToken, type TokenCtx } from "./manage-tokens";

/** The signed-in caller; a token never gets here (auth/access-token-auth.ts refuses it first). */
function tokenCtxOf(c: Context<AppEnv>): TokenCtx {
  const { id } = requireUser(c);
  const { database, clock } = c.get("services");
  return { db: database.db, userId: id, ip: c.get("clientIp") ?? null, now: clock.now };
}

export const accessTokenRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ tokens: await listAccessTokens(tokenCtxOf(c)) }))
  .post("/", async (c) => {
    const ctx = tokenCtxOf(c);
    return c.json(await createAccessToken(ctx, await parseBody(c, createAccessTokenInput)), 201);
  })
  .delete("/:tokenId", async (c) => {
    const ctx = tokenCtxOf(c);
    const { tokenId } = parseWith(accessTokenParams, c.req.param());
    await revokeAccessToken(ctx, tokenId);
    return c.body(null, 204);
  });
