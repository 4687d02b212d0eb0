import type { Logger } from "./logger";

let unhandled = 0;

/** How many promise rejections nobody handled since this process started (/app/diagnostics). */
export const unhandledRejectionCount = () => unhandled;

/**
 * Node ends the process on a rejection nobody handled; one forgotten `.catch` would then cut every
 * request and stream of the instance. It is logged and counted instead, so it is seen and fixed.
 * The test suites keep Vitest's own handling, which fails the run on any such rejection.
 */
export function installProcessGuard(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    unhandled++;
    logger.error("unhandled rejection; the server goes on", { count: unhandled, error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason) });
  });
}
