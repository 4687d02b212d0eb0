import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv, Services } from "../context";
import { errorHandler } from "./error-handler";
import { createLogger } from "./logger";

// Drizzle's failure as it reaches the handler: the statement, every parameter, and the driver's error.
const failedQuery = (code: string) =>
  Object.assign(new Error(`Failed query: insert into "tasks" ("title") values ($1)\nparams: ${"TITLE-".repeat(10_000)}`), {
    query: 'insert into "tasks" ("title") values ($1)',
    params: ["TITLE-".repeat(10_000)],
    cause: Object.assign(new Error("relation does not exist"), { code, table: "tasks" }),
  });

/** An app whose one route throws `error`, logging into `lines`. */
function appThrowing(error: unknown, lines: string[]) {
  const services = { logger: createLogger("debug", (l) => lines.push(l)) } as unknown as Services;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("services", services);
    c.set("requestId", "req-1");
    await next();
  });
  app.get("/api/x", () => {
    throw error;
  });
  app.get("/functions/v1/x", () => {
    throw error;
  });
  app.onError(errorHandler);
  return app;
}

describe("the error handler", () => {
  it("answers a serialization failure or deadlock with 503 and Retry-After: 1, on both shapes", async () => {
    for (const code of ["40001", "40P01"]) {
      for (const path of ["/api/x", "/functions/v1/x"]) {
        const res = await appThrowing(failedQuery(code), []).request(path);
        expect(res.status).toBe(503);
        expect(res.headers.get("Retry-After")).toBe("1");
      }
    }
  });

  it("answers a data exception with 400 and logs nothing", async () => {
    const lines: string[] = [];
    const res = await appThrowing(failedQuery("22021"), lines).request("/api/x");
    expect(res.status).toBe(400);
    expect(lines).toEqual([]);
  });

  it("logs an unexpected database failure by SQLSTATE, table and statement, never its parameters", async () => {
    const lines: string[] = [];
    const res = await appThrowing(failedQuery("42P01"), lines).request("/api/x");
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ msg: "unhandled error", sqlstate: "42P01", table: "tasks", statement: "insert into tasks", requestId: "req-1" });
    expect(lines[0]).not.toContain("TITLE-");
    expect(lines[0]!.length).toBeLessThan(4000);
  });

  it("logs other errors with their message, capped, and a few frames", async () => {
    const lines: string[] = [];
    await appThrowing(new TypeError("x".repeat(10_000)), lines).request("/api/x");
    const line = JSON.parse(lines[0]!) as { error: string; errorType: string; frames: string[] };
    expect(line.errorType).toBe("TypeError");
    expect(line.error.length).toBeLessThan(600);
    expect(line.frames.length).toBeGreaterThan(0);
  });
});
