import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { chatChannels, confirmChatActionInput, sendChatMessageInput } from "@/shared/chat";
import { timeZone } from "@/shared/work";
import type { AppEnv } from "../../context";
import { parseBody, parseWith } from "../../lib/parse";
import { ensureKnownTimeZone } from "../../lib/time-zones";
import { orgScope } from "../organisations/org-scope";
import { languageOfRequest } from "../../i18n/request-language";
import { assertAiEnabled, chatCtxOf } from "./chat-ctx";
import { chatAgentsIn, chatEventIn, chatMessageIn } from "./chat-language";
import { listChatAgents } from "./chat-agents";
import { confirmChatAction } from "./confirm-action";
import { deleteConversation } from "./delete-conversation";
import { getConversation } from "./get-conversation";
import { listConversations } from "./list-conversations";
import { replyToMessage, startChatMessage } from "./send-message";

const conversationParams = z.object({ conversationId: z.uuid("Conversation id is not valid") });
const messageParams = z.object({ messageId: z.uuid("Message id is not valid") });
export const listQuery = z.object({ channel: z.enum(chatChannels).default("orchestrator") });

/** The AI chat: the user's own conversations, and answers streamed on the request that asked. */
export const chatRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/agents", async (c) => c.json(chatAgentsIn(languageOfRequest(c), await listChatAgents(chatCtxOf(c)))))
  .use("*", async (c, next) => {
    assertAiEnabled(c.get("services").env);
    await next();
  })
  .get("/conversations", async (c) => c.json({ conversations: await listConversations(chatCtxOf(c), parseWith(listQuery, c.req.query()).channel) }))
  .get("/conversations/:conversationId", async (c) => {
    const found = await getConversation(chatCtxOf(c), parseWith(conversationParams, c.req.param()).conversationId);
    const lang = languageOfRequest(c);
    return c.json({ ...found, messages: found.messages.map((message) => chatMessageIn(lang, message)) });
  })
  .delete("/conversations/:conversationId", async (c) => {
    await deleteConversation(chatCtxOf(c), parseWith(conversationParams, c.req.param()).conversationId);
    return c.json({ ok: true });
  })
  .post("/messages", async (c) => {
    const input = await parseBody(c, sendChatMessageInput);
    const tz = parseWith(z.object({ tz: timeZone }), { tz: input.tz ?? c.req.query("tz") }).tz;
    const ctx = chatCtxOf(c, tz);
    await ensureKnownTimeZone(ctx.db, tz);
    const started = await startChatMessage(ctx, input);
    const lang = languageOfRequest(c);
    const { logger, inFlight } = c.get("services");
    // nginx and proxies like it hold a response back to fill their buffer unless told not to.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const stop = new AbortController();
      stream.onAbort(() => stop.abort());
      // Tracked, so a server stopping mid-answer stores it (as interrupted) before its database closes.
      await inFlight.run((stopping) => replyToMessage(ctx, started, (event, data) => stream.writeSSE({ event, data: JSON.stringify(chatEventIn(lang, event, data)) }), stop.signal, logger, stopping));
    });
  })
  .post("/messages/:messageId/confirm", async (c) => {
    const { messageId } = parseWith(messageParams, c.req.param());
    return c.json({ message: chatMessageIn(languageOfRequest(c), await confirmChatAction(chatCtxOf(c), messageId, await parseBody(c, confirmChatActionInput))) });
  });
