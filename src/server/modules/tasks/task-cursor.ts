import { and, eq, gt, isNull, or, type SQL } from "drizzle-orm";
import { tasks } from "../../db/schema";
import { isCursorInstant } from "../../lib/created-cursor";
import { AppError } from "../../lib/errors";

type Position = { dueAt: string | null; id: string };

// As encodeCursor writes it (toISOString); anything else was not made here.
const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Keyset pagination on (due_at nulls last, id): page 1,000 costs what page 1 does.
export const encodeCursor = (p: Position) => Buffer.from(JSON.stringify([p.dueAt, p.id])).toString("base64url");

export function decodeCursor(cursor: string): Position {
  try {
    const [dueAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [unknown, unknown];
    if ((dueAt === null || (typeof dueAt === "string" && isoMillis.test(dueAt) && isCursorInstant(dueAt))) && typeof id === "string" && uuid.test(id)) {
      return { dueAt: dueAt as string | null, id };
    }
  } catch {
    /* falls through to the error */
  }
  throw new AppError("bad_request", "The page cursor is not valid", { cursor: "Start again from the first page" });
}

export function afterCursor(p: Position): SQL {
  if (p.dueAt === null) return and(isNull(tasks.dueAt), gt(tasks.id, p.id))!;
  const due = new Date(p.dueAt);
  return or(gt(tasks.dueAt, due), and(eq(tasks.dueAt, due), gt(tasks.id, p.id)), isNull(tasks.dueAt))!;
}
