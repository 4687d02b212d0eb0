import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeFindings, literalsInTestSources, scanLogDir, secretPatterns } from "./log-secrets";
import { TEST_LOG_DIR_ENV } from "./test-log";

const root = fileURLToPath(new URL("../../..", import.meta.url));
// Marks, for the whole process, that a capture started: each project's globalSetup may load this module afresh.
const started = Symbol.for("whq.test-log-capture.started");

/**
 * For a Vitest globalSetup: makes the directory the test servers log into (workers inherit the
 * variable) and returns the teardown that scans it, throwing with file and line on any secret.
 * Unit and browser projects share one directory when they run together, and only the first
 * caller scans it (later ones get a teardown that does nothing); its maker removes it once it is
 * clean, and keeps it for reading when it is not.
 */
export function startLogCapture(): () => void {
  const global = globalThis as { [started]?: true };
  if (global[started]) return () => undefined;
  global[started] = true;
  const made = !process.env[TEST_LOG_DIR_ENV];
  if (made) process.env[TEST_LOG_DIR_ENV] = mkdtempSync(join(tmpdir(), "whq-test-logs-"));
  const dir = process.env[TEST_LOG_DIR_ENV]!;
  return () => {
    const findings = scanLogDir(dir, secretPatterns(literalsInTestSources(root)));
    if (findings.length) {
      // Vitest prints a teardown error but would still exit 0: the exit code is set here.
      process.exitCode = 1;
      throw new Error(`The server logged secrets during the tests (logs kept in ${dir}):\n${describeFindings(findings)}`);
    }
    if (made) rmSync(dir, { recursive: true, force: true });
  };
}
