import { and, eq, inArray } from "drizzle-orm";
import { createPlaneInput, type Plane } from "@/shared/work";
import type { z } from "zod";
import { planes } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { planeKeyCandidates } from "./plane-key";
import { toPlane } from "./plane-row";

export async function createPlane({ db, scope }: Ctx, input: z.infer<typeof createPlaneInput>): Promise<Plane> {
  return db.transaction(async (tx) => {
    const candidates = input.key ? [input.key] : planeKeyCandidates(input.name);
    const taken = new Set(
      (await tx.select({ key: planes.key }).from(planes).where(and(eq(planes.orgId, scope.orgId), inArray(planes.key, candidates)))).map((r) => r.key),
    );
    const key = candidates.find((k) => !taken.has(k));
    if (!key) throw new AppError("conflict", "That key is already used by another plane", { key: "Choose another key" });
    const [row] = await tx.insert(planes).values({ orgId: scope.orgId, name: input.name, type: input.type, key }).returning();
    await publishChange(tx, scope.orgId, { entity: "plane", id: row!.id, action: "created" });
    return toPlane(row!);
  });
}
