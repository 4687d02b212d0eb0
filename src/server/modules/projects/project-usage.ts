import { count, eq } from "drizzle-orm";
import type { ProjectUsage } from "@/shared/work";
import { projects } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { projectLimit } from "./project-limits";

/** How many projects the organisation has, against what its plan allows now ('2 of 3 projects used'). */
export async function projectUsage({ db, scope, now }: Ctx): Promise<ProjectUsage> {
  const [[row], limit] = await Promise.all([db.select({ n: count() }).from(projects).where(eq(projects.orgId, scope.orgId)), projectLimit(db, scope.orgId, now())]);
  const used = row?.n ?? 0;
  return { used, limit, read_only: limit === null ? 0 : Math.max(0, used - limit) };
}
