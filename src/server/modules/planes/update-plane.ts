import { and, eq } from "drizzle-orm";
import type { Plane, UpdatePlaneInput } from "@/shared/work";
import { planes } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { getPlane } from "./list-planes";

export async function updatePlane(ctx: Ctx, planeId: string, input: UpdatePlaneInput): Promise<Plane> {
  const { db, scope } = ctx;
  // Read back in the same transaction: a delete that commits meanwhile makes this a 404, not an empty 200.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(planes)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(planes.id, planeId), eq(planes.orgId, scope.orgId)))
      .returning({ id: planes.id });
    if (!row) throw new AppError("not_found", "Plane not found");
    await publishChange(tx, scope.orgId, { entity: "plane", id: planeId, action: "updated" });
    const plane = await getPlane({ ...ctx, db: tx }, planeId);
    if (!plane) throw new AppError("not_found", "Plane not found");
    return plane;
  });
}
