import { and, eq } from "drizzle-orm";
import { conversations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";

/** Deletes one of the caller's conversations with its messages (they cascade). */
export async function deleteConversation({ db, scope }: Ctx, conversationId: string): Promise<void> {
  const deleted = await db
    .delete(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.orgId, scope.orgId), eq(conversations.userId, scope.userId)))
    .returning({ id: conversations.id });
  if (deleted.length === 0) throw new AppError("not_found", "Conversation not found");
}
