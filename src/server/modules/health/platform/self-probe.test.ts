import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedFunctions, probeSelf } from "./self-probe";

// A stand-in for the server's own health function, answering what the test asks for.
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const status = Number(new URL(req.url ?? "/", "http://x").searchParams.get("status") ?? 200);
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ ok: status === 200 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const health = checkedFunctions.find((f) => f.name === "health")!;

describe("a platform scan's call to the server's own functions", () => {
  it("fails a health function that answers 503, saying so", async () => {
    const answer = await probeSelf(origin, "/functions/v1/health?status=503", 2_000, health.isExpected);
    expect(answer).toMatchObject({ answered: false, status: 503, detail: expect.stringMatching(/^answered 503 in \d+ ms$/) });
  });

  it("passes one that answers 200 with its contract", async () => {
    expect(await probeSelf(origin, "/functions/v1/health?status=200", 2_000, health.isExpected)).toMatchObject({ answered: true, status: 200 });
  });
});
