import { and, eq } from "drizzle-orm";
import type { TaskImport } from "@/shared/task-imports";
import { taskImports } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { taskImportColumns, taskImportOf } from "./task-import-row";

/** One import of the organisation, as it stands; another organisation's is not found. */
export async function readTaskImport({ db, scope }: Ctx, importId: string): Promise<TaskImport> {
  const [row] = await db.select(taskImportColumns).from(taskImports).where(and(eq(taskImports.id, importId), eq(taskImports.orgId, scope.orgId)));
  if (!row) throw new AppError("not_found", "Import not found");
  return taskImportOf(row);
}
