import { Hono, type Context } from "hono";
import { telegramConnectInput } from "@/shared/messaging";
import type { AppEnv } from "../../context";
import { parseBody } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { connectTelegram, disconnectTelegram, readTelegramStatus, telegramLinkCode, testTelegram, unlinkMyTelegram, type TelegramCtx } from "./telegram-connection";

const telegramCtxOf = (c: Context<AppEnv>): TelegramCtx => ({ ...ctxOf(c), env: c.get("services").env, box: c.get("services").secrets });

/** The Telegram card: owners connect, test and disconnect the bot; every member links their own chat. */
export const telegramRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json({ telegram: await readTelegramStatus(telegramCtxOf(c)) }))
  .put("/", async (c) => c.json(await connectTelegram(telegramCtxOf(c), (await parseBody(c, telegramConnectInput)).bot_token)))
  .post("/test", async (c) => c.json(await testTelegram(telegramCtxOf(c))))
  .delete("/", async (c) => c.json({ telegram: await disconnectTelegram(telegramCtxOf(c)) }))
  .post("/link-code", async (c) => c.json(await telegramLinkCode(telegramCtxOf(c)), 201))
  .delete("/link", async (c) => c.json({ telegram: await unlinkMyTelegram(telegramCtxOf(c)) }));
