import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { OrgScope } from "../organisations/require-membership";

/** A conversation belongs to one user in one organisation: anyone else gets 404, as if it did not exist. */
export async function conversationOf(db: Pick<Db, "select">, scope: OrgScope, conversationId: string): Promise<typeof conversations.$inferSelect> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.orgId, scope.orgId), eq(conversations.userId, scope.userId)));
  if (!row) throw new AppError("not_found", "Conversation not found");
  return row;
}
