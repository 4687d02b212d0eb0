import { openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { createLogger, type Logger } from "../lib/logger";

export const TEST_LOG_DIR_ENV = "WHQ_TEST_LOG_DIR";

let fd: number | undefined;

/**
 * The servers tests start log at debug into one file per worker under WHQ_TEST_LOG_DIR, which the
 * run's global teardown scans for the passwords, tokens and keys the tests used. Silent without it.
 */
export function testLogger(label: string): Logger {
  const dir = process.env[TEST_LOG_DIR_ENV];
  if (!dir) return createLogger("silent");
  return createLogger("debug", (line) => {
    fd ??= openSync(join(dir, `${label}-${process.pid}-${threadId}.log`), "a");
    writeSync(fd, line + "\n");
  });
}
