import type { Context } from "hono";
import { stream } from "hono/streaming";
import { AUDIT_CSV_COLUMNS, type AuditFilters } from "@/shared/audit";
import type { AppEnv } from "../../context";
import { csvRows, toCsv } from "../data-rights/export-files";
import type { Ctx } from "../organisations/org-scope";
import { requireOwner } from "../organisations/require-membership";
import { readAuditPage } from "./list-audit";

const PAGE = 500;

/**
 * The filtered log as CSV, streamed page by page (keyset, so a long log costs the same per page and
 * memory stays flat). Checked before the first byte: a refusal is still a normal JSON error.
 */
export async function exportAuditCsv(c: Context<AppEnv>, { db, scope }: Ctx, filters: AuditFilters): Promise<Response> {
  await requireOwner(db, scope.userId, scope.orgId);
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
  return stream(c, async (out) => {
    await out.write(toCsv([...AUDIT_CSV_COLUMNS], []));
    let cursor: string | undefined;
    do {
      const page = await readAuditPage(db, scope.orgId, { ...filters, cursor, limit: PAGE });
      if (page.entries.length > 0) await out.write(csvRows([...AUDIT_CSV_COLUMNS], page.entries));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  });
}
