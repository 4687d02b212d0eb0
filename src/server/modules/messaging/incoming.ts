import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { MessagingChannel } from "@/shared/messaging";
import type { Db } from "../../db/client";
import { notificationSettings, user } from "../../db/schema";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { Queue } from "../../lib/queue";
import type { SecretBox } from "../../lib/secret-box";
import type { ChatCtx } from "../chat/chat-ctx";
import { collectAnswer } from "../chat/collect-answer";
import { chargeModelCall } from "../chat/llm-target";
import { runTool } from "../chat/tools/run-tool";
import { requireMembership } from "../organisations/require-membership";
import { parseCommand } from "./commands";
import { linkedUserOf, redeemLinkCode, unlinkMember } from "./link-codes";
import { languageOf, messagingReplies } from "./replies";

export type IncomingDeps = { db: Db; env: Env; box: SecretBox; queue: Queue; now: () => Date };
export type IncomingMessage = { orgId: string; channel: MessagingChannel; chatId: string; text: string; languageHint: string | null };

/**
 * Answers one message from a chat, whatever the channel: /start CODE (or link CODE) links it; a linked member's
 * /task, /today and plain text run as that member (the assistant's own tools and budgets). The
 * answer is the text to send back, in the member's language.
 */
export async function answerIncoming(deps: IncomingDeps, message: IncomingMessage): Promise<string> {
  const command = parseCommand(message.text);
  const hinted = messagingReplies(languageOf(null, message.languageHint));
  const notLinked = message.channel === "whatsapp" ? hinted.notLinked("WhatsApp", "link CODE") : hinted.notLinked("Telegram", "/start CODE");
  if (command.kind === "start") {
    if (!command.code) return (await linkedUserOf(deps.db, message.orgId, message.channel, message.chatId)) ? hinted.help : notLinked;
    const userId = await redeemLinkCode(deps.db, message.orgId, message.channel, command.code, message.chatId, deps.now());
    if (!userId) return hinted.codeInvalid;
    return messagingReplies(await languageOfUser(deps.db, userId, message.languageHint)).linked;
  }
  const userId = await linkedUserOf(deps.db, message.orgId, message.channel, message.chatId);
  if (!userId) return notLinked;
  const lang = await languageOfUser(deps.db, userId, message.languageHint);
  const say = messagingReplies(lang);
  let scope;
  try {
    scope = await requireMembership(deps.db, userId, message.orgId);
  } catch {
    // No longer a member: the chat speaks for nobody here any more.
    await unlinkMember(deps.db, message.orgId, userId, message.channel);
    return notLinked;
  }
  const ctx: ChatCtx = { db: deps.db, scope, now: deps.now, queue: deps.queue, tz: await timeZoneOfUser(deps.db, userId), env: deps.env, box: deps.box, readerLang: lang, lang };
  try {
    if (command.kind === "help") return say.help;
    if (command.kind === "task") {
      const done = await runTool(ctx, { name: "create_task", args: { title: command.title, ...(command.due ? { due: command.due } : {}), ...(command.priority ? { priority: command.priority } : {}) } });
      return done.text;
    }
    if (command.kind === "today") return (await runTool(ctx, { name: "list_tasks", args: { view: "today" } })).text;
    await chargeModelCall(ctx, null);
    const answer = await collectAnswer(ctx, { id: randomUUID(), message: command.text.slice(0, 4000), history: [], signal: AbortSignal.timeout(deps.env.CHAT_ANSWER_TIMEOUT_MS) });
    const cards = answer.actions.map((a) => `• ${a.title}${a.detail ? ` (${a.detail})` : ""}`);
    return [answer.content.trim(), ...cards].filter(Boolean).join("\n") || say.failed;
  } catch (error) {
    if (error instanceof AppError && (error.code === "rate_limited" || error.code === "budget_exceeded")) return say.budget;
    if (error instanceof AppError && error.code !== "internal" && error.code !== "unavailable") return error.message;
    throw error;
  }
}

/** A member's "today" is their own day: the zone their mail settings keep, UTC when they never set one. */
async function timeZoneOfUser(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: notificationSettings.timeZone }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row?.timeZone ?? "UTC";
}

async function languageOfUser(db: Db, userId: string, hint: string | null) {
  const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
  return languageOf(row?.locale, hint);
}
