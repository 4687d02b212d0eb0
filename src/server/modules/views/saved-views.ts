import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { createSavedViewInput, SavedView } from "@/shared/task-team";
import { savedViews } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";

type Scope = Pick<Ctx, "db" | "scope">;
const MAX_VIEWS = 50;
const toView = (r: typeof savedViews.$inferSelect): SavedView => ({ id: r.id, name: r.name, query: r.query, created_at: r.createdAt.toISOString() });
const mine = (scope: Scope["scope"]) => and(eq(savedViews.orgId, scope.orgId), eq(savedViews.userId, scope.userId));

/** A user's own saved list filters in this organisation; nobody else sees them. */
export async function listSavedViews({ db, scope }: Scope): Promise<SavedView[]> {
  return (await db.select().from(savedViews).where(mine(scope)).orderBy(asc(savedViews.createdAt))).map(toView);
}

export async function createSavedView({ db, scope }: Scope, input: z.infer<typeof createSavedViewInput>): Promise<SavedView> {
  return db.transaction(async (tx) => {
    const [{ n }] = (await tx.select({ n: count() }).from(savedViews).where(mine(scope))) as [{ n: number }];
    if (Number(n) >= MAX_VIEWS) throw new AppError("bad_request", `Save at most ${MAX_VIEWS} views`, { name: `Save at most ${MAX_VIEWS} views` });
    const [row] = await tx.insert(savedViews).values({ orgId: scope.orgId, userId: scope.userId, name: input.name, query: input.query }).returning();
    return toView(row!);
  });
}

export async function deleteSavedView({ db, scope }: Scope, viewId: string): Promise<void> {
  const gone = await db.delete(savedViews).where(and(eq(savedViews.id, viewId), mine(scope))).returning({ id: savedViews.id });
  if (gone.length === 0) throw new AppError("not_found", "View not found");
}
