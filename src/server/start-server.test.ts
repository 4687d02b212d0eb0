import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "./env";
import { createLogger } from "./lib/logger";
import { startServer, type RunningServer } from "./start-server";
import { openTestDatabase } from "./testing/test-database";

let running: RunningServer | undefined;
afterAll(async () => running?.stop());

describe("graceful shutdown", () => {
  it("finishes a request that is in flight, then refuses new ones and closes the database", async () => {
    const env = loadEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: mkdtempSync(join(tmpdir(), "whq-stop-")), SECRET_KEY: "c".repeat(64), LOG_LEVEL: "silent" });
    running = await startServer(env, createLogger("silent"), { database: await openTestDatabase() });
    const { port } = running;

    // A request whose body is still arriving when the stop begins.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, method: "POST", path: "/functions/v1/health", headers: { "content-type": "application/json", "content-length": "2" } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.write("{");
      setTimeout(() => req.end("}"), 300);
    });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = running.stop();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, db: true });
    await stopped;
    await expect(fetch(`http://127.0.0.1:${port}/functions/v1/health`)).rejects.toThrow();
    await expect(running.database.db.execute("select 1")).rejects.toThrow();
  });
});
