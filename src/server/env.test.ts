import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvError, loadEnv } from "./env";

const dataDir = () => mkdtempSync(join(tmpdir(), "whq-env-"));

describe("loadEnv", () => {
  it("applies defaults and keeps a generated secret in the data directory", () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir });
    expect(first.APP_NAME).toBe("We Love HQ");
    expect(first.PORT).toBe(3000);
    expect(first.APP_URL).toBe("http://localhost:3000");
    expect(first.SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(loadEnv({ DATA_DIR: dir }).SECRET_KEY).toBe(first.SECRET_KEY);
  });

  it("names the bad value in one line", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadEnv({ DATA_DIR: dataDir(), N8N_AGENT_SECRET: "short" })).toThrow(/N8N_AGENT_SECRET must be 64 hex/);
  });

  it("requires SECRET_KEY with an external database", () => {
    expect(() => loadEnv({ DATABASE_URL: "postgres://localhost/x" })).toThrow(EnvError);
    expect(() => loadEnv({ DATABASE_URL: "postgres://localhost/x" })).toThrow(/SECRET_KEY is required/);
  });

  it("bounds the wait for a database connection, 3 s unless set", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).DATABASE_CONNECT_TIMEOUT_MS).toBe(3_000);
    expect(loadEnv({ DATA_DIR: dataDir(), DATABASE_CONNECT_TIMEOUT_MS: "1500" }).DATABASE_CONNECT_TIMEOUT_MS).toBe(1_500);
    expect(() => loadEnv({ DATA_DIR: dataDir(), DATABASE_CONNECT_TIMEOUT_MS: "0" })).toThrow(/^Invalid configuration: DATABASE_CONNECT_TIMEOUT_MS /);
  });

  it("keeps sessions in memory for at most 30 s unless set, and can turn that off", () => {
    const defaults = loadEnv({ DATA_DIR: dataDir() });
    expect([defaults.SESSION_CACHE, defaults.SESSION_CACHE_TTL_MS]).toEqual(["1", 30_000]);
    expect(loadEnv({ DATA_DIR: dataDir(), SESSION_CACHE: "0", SESSION_CACHE_TTL_MS: "5000" })).toMatchObject({ SESSION_CACHE: "0", SESSION_CACHE_TTL_MS: 5_000 });
    expect(() => loadEnv({ DATA_DIR: dataDir(), SESSION_CACHE: "yes" })).toThrow(/^Invalid configuration: SESSION_CACHE /);
    expect(() => loadEnv({ DATA_DIR: dataDir(), SESSION_CACHE_TTL_MS: "600000" })).toThrow(/^Invalid configuration: SESSION_CACHE_TTL_MS /);
  });
});
