import type { Services } from "../../../context";
import type { Db } from "../../../db/client";
import type { Queue } from "../../../lib/queue";
import type { Logger } from "../../../lib/logger";
import { selfOriginOf } from "../../../lib/self-origin";

/** What a platform scan and its repairs need besides the caller: the database, the clock, where the server answers itself. */
export type PlatformDeps = {
  db: Db;
  now: () => Date;
  selfOrigin: string;
  queue: Pick<Queue, "send" | "ensure">;
  logger: Logger;
};

export function platformDepsOf(services: Services): PlatformDeps {
  return { db: services.database.db, now: services.clock.now, selfOrigin: selfOriginOf(services), queue: services.queue, logger: services.logger };
}
