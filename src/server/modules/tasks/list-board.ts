import { and, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { BoardPage, boardQuery } from "@/shared/task-team";
import { tasks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { filterConditions } from "./task-filters";
import { readTaskPage, taskJson } from "./task-row";

const encode = (rank: string, id: string) => Buffer.from(JSON.stringify([rank, id])).toString("base64url");

function decode(cursor: string): [string, string] {
  try {
    const [rank, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [unknown, unknown];
    if (typeof rank === "string" && rank.length <= 200 && typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id)) return [rank, id];
  } catch {
    /* falls through */
  }
  throw new AppError("bad_request", "The page cursor is not valid", { cursor: "Start again from the first page" });
}

/** One column of the board in rank order, a keyset page on (rank, id) over tasks_org_status_rank_idx. */
export async function listBoard({ db, scope }: Pick<Ctx, "db" | "scope">, query: z.infer<typeof boardQuery>): Promise<BoardPage> {
  const conditions: (SQL | undefined)[] = [eq(tasks.orgId, scope.orgId), eq(tasks.status, query.status), ...filterConditions(query, scope.userId)];
  if (query.project_id) conditions.push(eq(tasks.projectId, query.project_id));
  if (query.cursor) {
    const [rank, id] = decode(query.cursor);
    conditions.push(sql`(${tasks.rank} collate "C", ${tasks.id}) > (${rank} collate "C", ${id}::uuid)`);
  }
  const rows = await readTaskPage(
    db,
    sql`select coalesce(json_agg(${taskJson} order by t.rank collate "C", t.id), '[]')::text as page
        from (select * from ${tasks} where ${and(...conditions)} order by ${tasks.rank} collate "C", ${tasks.id} limit ${query.limit + 1}) t
        join projects p on p.id = t.project_id`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { tasks: page, next_cursor: rows.length > query.limit && last ? encode(last.rank, last.id) : null };
}
