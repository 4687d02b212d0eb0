import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { TelemetryPage, telemetryListQuery } from "@/shared/chat";
import { telemetryEvents } from "../../db/schema";
import { createdAtText, createdBeyond, createdPage, decodeCreatedCursor } from "../../lib/created-cursor";
import type { Ctx } from "../organisations/org-scope";

/** The organisation's events, newest first, `limit` (50) a page, optionally of one name. */
export async function listTelemetry({ db, scope }: Ctx, query: z.infer<typeof telemetryListQuery>): Promise<TelemetryPage> {
  const after = query.cursor ? decodeCreatedCursor(query.cursor) : undefined;
  const rows = await db
    .select({ event: telemetryEvents, at: createdAtText(telemetryEvents.createdAt) })
    .from(telemetryEvents)
    .where(
      and(
        eq(telemetryEvents.orgId, scope.orgId),
        query.name ? eq(telemetryEvents.name, query.name) : undefined,
        after ? createdBeyond(telemetryEvents.createdAt, telemetryEvents.id, after, "desc") : undefined,
      ),
    )
    .orderBy(desc(telemetryEvents.createdAt), desc(telemetryEvents.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = createdPage(rows, query.limit, (r) => ({ at: r.at, id: r.event.id }));
  return {
    events: page.map(({ event }) => ({ id: event.id, name: event.name, details: event.details, user_id: event.userId, created_at: event.createdAt.toISOString() })),
    next_cursor,
  };
}
