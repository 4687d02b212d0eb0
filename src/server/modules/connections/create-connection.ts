import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { ConnectionResponse, createConnectionInput, KeyTestResult } from "@/shared/connections";
import { connections } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { sealAuth } from "./connection-auth";
import type { ConnCtx } from "./connection-ctx";
import { toConnection } from "./connection-row";
import { testConnection } from "./key-test";
import { clearedTestColumns, statusAfterKeyTest, testColumns } from "./test-columns";
import { recordConnectionChange } from "./record-connection-change";

export async function createConnection(ctx: ConnCtx, input: z.infer<typeof createConnectionInput>): Promise<ConnectionResponse> {
  const { db, scope, box } = ctx;
  if (input.api_key && input.status === "disconnected") {
    throw new AppError("bad_request", "A disconnected connection holds no key", { api_key: "Leave the key empty or connect" });
  }
  await ensureNoConnectionFor(ctx, input.provider);
  // The provider is asked before the transaction opens: a 10 s wait must not hold a transaction.
  const test: KeyTestResult | null = input.api_key ? await testConnection(ctx.keyTests, input.provider, input.api_key) : null;
  const id = randomUUID();
  const owner = { orgId: scope.orgId, connectionId: id };
  const status = test ? statusAfterKeyTest(test) : (input.status ?? "connected");
  const hasAuth = input.api_key || input.endpoint || input.description;
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(connections)
        .values({
          id,
          orgId: scope.orgId,
          provider: input.provider,
          status,
          authJson: hasAuth ? sealAuth(box, owner, { apiKey: input.api_key ?? null, endpoint: input.endpoint, description: input.description }) : null,
          ...(test ? testColumns(test) : clearedTestColumns),
        })
        .returning();
      await recordConnectionChange(tx, scope, {
        connectionId: id,
        action: "connection.create",
        details: { provider: input.provider, status, has_key: Boolean(input.api_key), test_outcome: test?.outcome ?? null },
      });
      return inserted!;
    });
    return { connection: toConnection(row, box), test };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.provider);
    throw error;
  }
}

async function ensureNoConnectionFor({ db, scope }: ConnCtx, provider: string) {
  const [existing] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.orgId, scope.orgId), eq(connections.provider, provider)))
    .limit(1);
  if (existing) throw duplicate(provider);
}

const duplicate = (provider: string) =>
  new AppError("conflict", `This organisation already has a ${provider} connection; edit that one instead`, { provider: "Already connected" });

/** Two creates racing past the check above meet the (org_id, provider) unique index. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
