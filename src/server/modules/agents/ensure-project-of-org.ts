import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { projects } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** A default project must be one of this organisation's: another's id is refused as if unknown. */
export async function ensureProjectOfOrg(db: Db, orgId: string, projectId: string | null | undefined): Promise<void> {
  if (!projectId) return;
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)))
    .limit(1);
  if (!row) throw new AppError("bad_request", "The default project was not found in this organisation", { project_default: "Choose a project from the list" });
}
