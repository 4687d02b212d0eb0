import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openEmbedded } from "../src/server/db/client";
import { createSecretBox } from "../src/server/lib/secret-box";
import { checkSecretKey } from "../src/server/lib/secret-key-check";
import { rotateSecretKeyCommand } from "./rotate-secret-key";

const oldKey = "1".repeat(64);
const newKey = "2".repeat(64);

async function run(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const code = await rotateSecretKeyCommand(env, (l) => lines.push(l));
  return { code, lines };
}

describe("npm run secrets:rotate", () => {
  it("refuses a missing or malformed NEW_SECRET_KEY, and one equal to the old", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "whq-rotate-args-"));
    expect(await run({ DATA_DIR: dataDir, SECRET_KEY: oldKey })).toEqual({ code: 1, lines: [expect.stringContaining("NEW_SECRET_KEY must be 64 hex")] });
    expect((await run({ DATA_DIR: dataDir, SECRET_KEY: oldKey, NEW_SECRET_KEY: "xyz" })).code).toBe(1);
    expect(await run({ DATA_DIR: dataDir, SECRET_KEY: oldKey, NEW_SECRET_KEY: oldKey })).toEqual({ code: 1, lines: [expect.stringContaining("same as SECRET_KEY")] });
  });

  it("in embedded mode re-encrypts and rewrites DATA_DIR/secret.key, without printing a key", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "whq-rotate-"));
    writeFileSync(join(dataDir, "secret.key"), oldKey, { mode: 0o600 });
    const seeded = await openEmbedded(dataDir);
    await checkSecretKey(seeded.db, createSecretBox(oldKey));
    await seeded.close();

    const { code, lines } = await run({ DATA_DIR: dataDir, NEW_SECRET_KEY: newKey });
    expect(code).toBe(0);
    expect(lines[0]).toBe("Re-encrypted 0 secrets and the key check.");
    expect(lines.at(-1)).toContain(join(dataDir, "secret.key"));
    expect(lines.join("\n")).not.toContain(newKey);
    expect(readFileSync(join(dataDir, "secret.key"), "utf8")).toBe(newKey);
    expect(statSync(join(dataDir, "secret.key")).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, "secret.key.new"))).toBe(false);

    const reopened = await openEmbedded(dataDir);
    try {
      expect(await checkSecretKey(reopened.db, createSecretBox(newKey))).toBe("matched");
    } finally {
      await reopened.close();
    }

    // Run again with the now-stale key: refused, and the file is left alone.
    const stale = await run({ DATA_DIR: dataDir, SECRET_KEY: oldKey, NEW_SECRET_KEY: "3".repeat(64) });
    expect(stale.code).toBe(1);
    expect(stale.lines[0]).toMatch(/^Nothing was changed: SECRET_KEY does not match/);
    expect(readFileSync(join(dataDir, "secret.key"), "utf8")).toBe(newKey);
  }, 60_000);
});
