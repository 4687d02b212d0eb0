import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "./logger";
import { createChangeHub, ListenerUnavailableError, type ChangeHub, type HubEvent } from "./events";

// A stand-in for Database.listen, the driver boundary: each call fails or succeeds as the test
// says, and a success hands the test the connection's `onLost` and a way to send a payload.
type Connection = { lose: (error: unknown) => void; send: (payload: string) => void; stopped: boolean };
function fakeListen(outcomes: ("fail" | "ok" | "lost-early")[]) {
  const connections: Connection[] = [];
  let calls = 0;
  const listen = async (_channel: string, onPayload: (payload: string) => void, onLost?: (error: unknown) => void) => {
    calls++;
    const outcome = outcomes.shift() ?? "ok";
    if (outcome === "fail") throw Object.assign(new Error("sorry, too many clients already"), { code: "53300" });
    const connection: Connection = { lose: (e) => onLost?.(e), send: onPayload, stopped: false };
    connections.push(connection);
    if (outcome === "lost-early") connection.lose(new Error("Connection terminated unexpectedly"));
    return async () => void (connection.stopped = true);
  };
  return { listen, connections, calls: () => calls };
}

const fast = { backoff: { baseMs: 10, capMs: 40 }, closeGraceMs: 200 };
const orgId = "0b0f6a3e-3c55-4a4e-9d7a-4c3c6f2b1a10";
const payload = (id: string) => JSON.stringify({ org_id: orgId, entity: "task", id, action: "created" });
const until = async (condition: () => boolean, ms = 2_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
};

let hub: ChangeHub | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await hub?.close();
});

describe("the change hub", () => {
  it("tries again after a first LISTEN that failed, instead of remembering the failure", async () => {
    const driver = fakeListen(["fail", "fail", "ok"]);
    hub = createChangeHub({ listen: driver.listen, connectTimeoutMs: 1_000 }, createLogger("silent"), fast);
    const heard: HubEvent[] = [];
    await hub.subscribe(orgId, (e) => heard.push(e));
    expect(driver.calls()).toBe(3);
    expect(hub.status()).toMatchObject({ state: "up", ok: true });
    driver.connections[0]!.send(payload("t1"));
    expect(heard).toEqual([{ type: "change", change: { org_id: orgId, entity: "task", id: "t1", action: "created" } }]);
  });

  it("counts a connection lost before LISTEN was reported done as a failed try, not as listening", async () => {
    const driver = fakeListen(["lost-early", "ok"]);
    hub = createChangeHub({ listen: driver.listen, connectTimeoutMs: 1_000 }, createLogger("silent"), fast);
    await hub.subscribe(orgId, () => undefined);
    expect(driver.calls()).toBe(2);
    expect(driver.connections[0]!.stopped).toBe(true);
    expect(hub.status().state).toBe("up");
  });

  it("rejects a subscriber when it cannot listen within the wait, and reports the listener down", async () => {
    const driver = fakeListen(Array(100).fill("fail"));
    hub = createChangeHub({ listen: driver.listen, connectTimeoutMs: 150 }, createLogger("silent"), { backoff: { baseMs: 500, capMs: 500 } });
    await expect(hub.subscribe(orgId, () => undefined)).rejects.toBeInstanceOf(ListenerUnavailableError);
    expect(hub.status()).toMatchObject({ state: "down", ok: false });
    expect(hub.status().since).toBeInstanceOf(Date);
  });

  it("reconnects after losing the connection and tells every subscriber to resync, then delivers again", async () => {
    const driver = fakeListen(["ok", "fail", "ok"]);
    hub = createChangeHub({ listen: driver.listen, connectTimeoutMs: 1_000 }, createLogger("silent"), fast);
    const heard: HubEvent[] = [];
    const other: HubEvent[] = [];
    await hub.subscribe(orgId, (e) => heard.push(e));
    await hub.subscribe("5d7c1b9e-0f55-4f9a-8f43-2b8e7f0c9a11", (e) => other.push(e));
    driver.connections[0]!.lose(new Error("terminating connection due to administrator command"));
    expect(hub.status().ok).toBe(false);
    await until(() => heard.length > 0);
    expect(driver.calls()).toBe(3);
    expect(heard).toEqual([{ type: "resync", reason: "reconnected" }]);
    expect(other).toEqual([{ type: "resync", reason: "reconnected" }]);
    expect(driver.connections[0]!.stopped).toBe(true);
    driver.connections[1]!.send(payload("t2"));
    expect(heard.at(-1)).toMatchObject({ type: "change", change: { id: "t2" } });
  });

  it("ends every open feed on close, waits for them to let go, and stops listening", async () => {
    const driver = fakeListen(["ok"]);
    hub = createChangeHub({ listen: driver.listen, connectTimeoutMs: 1_000 }, createLogger("silent"), fast);
    const heard: HubEvent[] = [];
    const unsubscribe = await hub.subscribe(orgId, (e) => {
      heard.push(e);
      if (e.type === "end") setTimeout(unsubscribe, 20);
    });
    // On a fake clock, advanced a millisecond at a time until close is done (or its grace is over).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const started = Date.now();
    let closed = false;
    const closing = hub.close().then(() => void (closed = true));
    while (!closed && Date.now() - started <= fast.closeGraceMs) await vi.advanceTimersByTimeAsync(1);
    await closing;
    const took = Date.now() - started;
    vi.useRealTimers();
    expect(heard).toEqual([{ type: "end", reason: "unavailable" }]);
    expect(took).toBeLessThan(fast.closeGraceMs);
    expect(driver.connections[0]!.stopped).toBe(true);
    await expect(hub.subscribe(orgId, () => undefined)).rejects.toBeInstanceOf(ListenerUnavailableError);
    driver.connections[0]!.lose(new Error("late"));
    expect(driver.calls()).toBe(1);
  });
});
