import type { z } from "zod";
import type { telemetryInput } from "@/shared/chat";
import type { Db } from "../../db/client";
import { telemetryEvents } from "../../db/schema";
import { scrubDetails } from "./scrub-details";

/** Stores one product event: its name, scrubbed details, the user and (when given) the organisation. */
export async function recordTelemetry(db: Db, event: { userId: string; orgId: string | null; input: z.infer<typeof telemetryInput> }): Promise<Date> {
  const [row] = await db
    .insert(telemetryEvents)
    .values({ userId: event.userId, orgId: event.orgId, name: event.input.name, details: scrubDetails(event.input.details) })
    .returning({ createdAt: telemetryEvents.createdAt });
  return row!.createdAt;
}
