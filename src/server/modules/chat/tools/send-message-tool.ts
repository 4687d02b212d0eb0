import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { messagingChannelNames } from "@/shared/messaging";
import { messagingLinks, user } from "../../../db/schema";
import { chargeBudget } from "../../../lib/budgets";
import { channelSendersOf } from "../../messaging/channel-senders";
import { listMembers } from "../../organisations/list-members";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, type ToolCtx, type ToolOutcome } from "./tool-types";

const channelName = { telegram: "Telegram", whatsapp: "WhatsApp" } as const;
/** The line the member reads above the text, in their language: who sent it, and through what. */
const fromLine = { en: (n: string, app: string) => `Message from ${n} (via ${app}):`, de: (n: string, app: string) => `Nachricht von ${n} (über ${app}):`, fr: (n: string, app: string) => `Message de ${n} (via ${app}) :` };

/**
 * Sends a text to a member of this organisation on the chat they linked (Telegram, or WhatsApp
 * once it can send), through the same senders as the chat notices. Only members of the caller's
 * organisation, only their links in it; one message on the first channel that takes it. Each send
 * counts against the organisation's agent budget, as any action an assistant takes outside.
 */
export async function sendMessageToMemberTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["send_message_to_member"]>): Promise<ToolOutcome> {
  const title = `Message to ${args.person}`;
  const { env, box } = ctx;
  if (!env || !box) return failedOutcome("send_message_to_member", title, "Messages cannot be sent from here.");
  const who = args.person.trim().toLowerCase();
  const members = await listMembers(ctx.db, { userId: ctx.scope.userId, orgId: ctx.scope.orgId });
  const exact = members.filter((m) => m.email.toLowerCase() === who || m.name.toLowerCase() === who);
  const matches = exact.length ? exact : members.filter((m) => m.name.toLowerCase().startsWith(who));
  if (matches.length !== 1) {
    const names = members.slice(0, 8).map((m) => m.name).join(", ");
    return failedOutcome("send_message_to_member", title, matches.length ? `Several members match "${args.person}". Which one?` : `No member of this organisation matches "${args.person}". Members: ${names}.`);
  }
  const person = matches[0]!;
  const links = await ctx.db.select({ channel: messagingLinks.channel, chatId: messagingLinks.chatId }).from(messagingLinks).where(and(eq(messagingLinks.orgId, ctx.scope.orgId), eq(messagingLinks.userId, person.user_id)));
  const senders = channelSendersOf(ctx.db, env, box, ctx.now);
  const usable = links.flatMap((l) => {
    const channel = messagingChannelNames.find((c) => c === l.channel);
    const send = channel ? senders[channel] : undefined;
    return channel && send ? [{ channel, chatId: l.chatId, send }] : [];
  });
  if (usable.length === 0) return failedOutcome("send_message_to_member", `Message to ${person.name}`, `${person.name} has not linked a chat (Telegram or WhatsApp) in this organisation, so no message can reach them. They can link one on the Integrations page.`);
  // Refused (budget_exceeded) before anything is sent, so a used-up budget sends nothing.
  await chargeBudget({ db: ctx.db, env, now: ctx.now }, "agent", { userId: ctx.scope.userId, orgId: ctx.scope.orgId });
  const [me] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, ctx.scope.userId));
  const [them] = await ctx.db.select({ locale: user.locale }).from(user).where(eq(user.id, person.user_id));
  const lang = them?.locale?.slice(0, 2) === "de" ? "de" : them?.locale?.slice(0, 2) === "fr" ? "fr" : "en";
  const text = `${fromLine[lang](me?.name ?? "a member", env.APP_NAME)}\n\n${args.text}`;
  const refusals: string[] = [];
  for (const link of usable) {
    const sent = await link.send(ctx.scope.orgId, link.chatId, text, lang);
    if (sent.ok) return outcome("send_message_to_member", "done", `Sent a message to ${person.name}`, `Sent to ${person.name} on ${channelName[link.channel]}.`, { detail: args.text.slice(0, 200) });
    refusals.push(sent.description);
  }
  return failedOutcome("send_message_to_member", `Message to ${person.name}`, `The message was not delivered: ${refusals.join("; ")}`);
}
