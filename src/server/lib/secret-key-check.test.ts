import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbedded } from "../db/client";
import { loadEnv } from "../env";
import { startServer } from "../start-server";
import { openTestDatabase, type TestDatabase } from "../testing/test-database";
import { createLogger } from "./logger";
import { createSecretBox } from "./secret-box";
import { checkSecretKey, SecretKeyMismatchError } from "./secret-key-check";

const MESSAGE = "SECRET_KEY does not match the key this database's secrets were encrypted with (see README: Rotating SECRET_KEY)";
const keyA = "a".repeat(64);
const keyB = "b".repeat(64);

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe("the start-up key check", () => {
  it("stores a canary on first start, then accepts the same key and refuses another", async () => {
    expect(await checkSecretKey(database.db, createSecretBox(keyA))).toBe("created");
    expect(await checkSecretKey(database.db, createSecretBox(keyA))).toBe("matched");
    await expect(checkSecretKey(database.db, createSecretBox(keyB))).rejects.toThrow(SecretKeyMismatchError);
    await expect(checkSecretKey(database.db, createSecretBox(keyB))).rejects.toThrow(MESSAGE);
  });

  it("lets instances starting together on one database agree on one canary", async () => {
    const fresh = await openTestDatabase();
    try {
      const results = await Promise.all([checkSecretKey(fresh.db, createSecretBox(keyA)), checkSecretKey(fresh.db, createSecretBox(keyA))]);
      expect(results.sort()).toEqual(["created", "matched"]);
    } finally {
      await fresh.close();
    }
  });

  it("makes startServer fail before it listens", async () => {
    const env = loadEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: mkdtempSync(join(tmpdir(), "whq-key-")), SECRET_KEY: keyB, LOG_LEVEL: "silent" });
    await expect(startServer(env, createLogger("silent"), { database })).rejects.toThrow(MESSAGE);
  });

  it("stops the real process with one clear line", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "whq-key-proc-"));
    const seeded = await openEmbedded(dataDir);
    await checkSecretKey(seeded.db, createSecretBox(keyA));
    await seeded.close();
    // Embedded mode reads its key from DATA_DIR/secret.key: here, not the one the canary was sealed with.
    writeFileSync(join(dataDir, "secret.key"), keyB, { mode: 0o600 });

    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" };
    const result = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      execFile(process.execPath, ["--import", "tsx", "src/server/index.ts"], { env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Start-up failed: ${MESSAGE}`);
  }, 60_000);
});
