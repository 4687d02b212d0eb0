import { AppError } from "./errors";
import { isCursorInstant } from "./created-cursor";

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A keyset cursor on (instant, id) for tables whose instant is stored to the millisecond
 * (comments, notifications), so toISOString() is exact and nothing is skipped or repeated.
 */
export const encodeInstantCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString("base64url");

export function decodeInstantCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [unknown, unknown];
    if (typeof at === "string" && isoMillis.test(at) && isCursorInstant(at) && typeof id === "string" && uuid.test(id)) return { at, id };
  } catch {
    /* falls through to the error */
  }
  throw new AppError("bad_request", "The page cursor is not valid", { cursor: "Start again from the first page" });
}
