import { sql } from "drizzle-orm";
import type { Task } from "@/shared/work";
import type { Db } from "../../db/client";
import type { Ctx } from "../organisations/org-scope";
import { readTaskPage, taskJson } from "./task-row";

export async function getTask({ db, scope }: { db: Pick<Db, "execute">; scope: Ctx["scope"] }, taskId: string): Promise<Task | undefined> {
  const [task] = await readTaskPage(
    db,
    sql`select coalesce(json_agg(${taskJson}), '[]')::text as page
        from tasks t join projects p on p.id = t.project_id
        where t.id = ${taskId} and t.org_id = ${scope.orgId}`,
  );
  return task;
}
