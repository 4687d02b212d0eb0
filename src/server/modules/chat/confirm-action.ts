import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ChatAction, ChatMessage, confirmChatActionInput } from "@/shared/chat";
import { chatMessages, conversations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { ChatCtx } from "./chat-ctx";
import { toChatMessage, type StoredMetadata } from "./message-row";
import { runDeleteTask } from "./tools/delete-task-tool";

/**
 * Runs or cancels an action the assistant proposed (state needs_confirmation). The message row is
 * locked, so two clicks cannot both run it; the card's new state is stored and returned.
 */
/** Whole sentences per state, so each translates as one (server-messages). */
const alreadyDecided: Record<Exclude<ChatAction["state"], "needs_confirmation">, string> = {
  done: "This action was already done",
  confirmed: "This action was already confirmed",
  cancelled: "This action was already cancelled",
  failed: "This action already failed",
};

export async function confirmChatAction(ctx: ChatCtx, messageId: string, input: z.infer<typeof confirmChatActionInput>): Promise<ChatMessage> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.orgId, ctx.scope.orgId), eq(conversations.userId, ctx.scope.userId)))
      .for("update", { of: chatMessages });
    if (!found) throw new AppError("not_found", "Message not found");
    const metadata = found.message.metadata as StoredMetadata;
    const actions = metadata.actions ?? [];
    const action = actions.find((a) => a.id === input.action_id);
    if (!action) throw new AppError("not_found", "Action not found");
    if (action.state !== "needs_confirmation") throw new AppError("conflict", alreadyDecided[action.state]);
    const pending = metadata.pending?.[action.id];
    let next: ChatAction;
    if (input.decision === "cancel") next = { ...action, state: "cancelled", detail: "Cancelled: nothing was changed" };
    else if (!pending) next = { ...action, state: "failed", detail: "This action can no longer be run" };
    else {
      try {
        next = await runDeleteTask({ ...ctx, db: tx }, pending, action);
      } catch (error) {
        if (!(error instanceof AppError) || error.code === "internal" || error.code === "unavailable") throw error;
        next = { ...action, state: "failed", detail: error.message };
      }
    }
    const rest = Object.fromEntries(Object.entries(metadata.pending ?? {}).filter(([id]) => id !== action.id));
    const updated: StoredMetadata = { ...metadata, actions: actions.map((a) => (a.id === action.id ? next : a)), pending: rest };
    const [row] = await tx.update(chatMessages).set({ metadata: updated }).where(eq(chatMessages.id, found.message.id)).returning();
    return toChatMessage(row!);
  });
}
