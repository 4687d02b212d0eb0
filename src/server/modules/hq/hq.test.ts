import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HqMessageResponse, HqSwitchboardBody } from "@/shared/hq";
import { freePort } from "../../testing/free-port";
import { call } from "../../testing/http";
import { startN8nStandIn, type N8nDelivery, type N8nStandIn } from "../../testing/n8n-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { testLogger } from "../../testing/test-log";
import { signedInUser } from "../../testing/users";
import { replyOf, sendSwitchboardMessage, type SwitchboardCtx } from "./send-switchboard-message";
import { switchboardHosts } from "./switchboard-hosts";

const SECRET = "c".repeat(64);
const SESSION_ID = "hq-session-0001";
let hosts: N8nStandIn[];
let t: TestApp;
let user: { id: string; email: string; cookie: string };

/** A switchboard workflow: it answers `response` to a signed message and refuses an unsigned one. */
const echo = (prefix: string) => (d: N8nDelivery) =>
  d.verified ? { status: 200, json: { response: `${prefix}: ${(d.body as HqSwitchboardBody).message}` } } : { status: 401, json: { message: "Authorization data is wrong!" } };

beforeAll(async () => {
  hosts = await Promise.all([0, 1, 2].map(() => startN8nStandIn({ secret: SECRET })));
  hosts.forEach((h, i) => h.respondWith(echo(`host ${i}`)));
  t = await createTestApp({ HQ_SWITCHBOARD_HOSTS: hosts.map((h) => h.url).join(","), N8N_AGENT_SECRET: SECRET });
  user = await signedInUser(t.app, t.services.database.db, "hq");
});
afterAll(async () => {
  await t?.close();
  await Promise.all((hosts ?? []).map((h) => h.close()));
});
afterEach(() => hosts.forEach((h) => h.setDown(false)));

const send = (body: unknown, cookie = user.cookie) => call(t.app, "POST", "/api/v1/hq/messages", { cookie, body });

describe("POST /api/v1/hq/messages", () => {
  it("sends to the primary host, signed, with the sender from the session, and returns its reply", async () => {
    const before = hosts[0]!.deliveries.length;
    const res = await send({ message: "  Hello HQ  ", sessionId: SESSION_ID, userId: "someone-else", userEmail: "evil@example.test" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, reply: "host 0: Hello HQ", host_index: 0 } satisfies HqMessageResponse);
    const delivery = hosts[0]!.deliveries.at(-1)!;
    expect(hosts[0]!.deliveries.length).toBe(before + 1);
    expect(delivery.path).toBe("hq-switchboard");
    expect(delivery.verified).toBe(true);
    const body = delivery.body as HqSwitchboardBody;
    expect(body).toEqual({ message: "Hello HQ", userId: user.id, userEmail: user.email, timestamp: expect.any(String), sessionId: SESSION_ID });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  it("answers the load-time probe 'test_connection' like any message", async () => {
    const res = await send({ message: "test_connection", sessionId: SESSION_ID });
    expect(res.body).toEqual({ ok: true, reply: "host 0: test_connection", host_index: 0 });
  });

  it("falls back to the first fallback when the primary is down", async () => {
    hosts[0]!.setDown(true);
    const before = hosts[2]!.deliveries.length;
    const res = await send({ message: "Anyone there?", sessionId: SESSION_ID });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, reply: "host 1: Anyone there?", host_index: 1 });
    expect(hosts[1]!.deliveries.at(-1)!.verified).toBe(true);
    expect(hosts[2]!.deliveries.length).toBe(before);
  });

  it("reaches the second fallback when the first two are down", async () => {
    hosts[0]!.setDown(true);
    hosts[1]!.setDown(true);
    expect((await send({ message: "Last one", sessionId: SESSION_ID })).body).toEqual({ ok: true, reply: "host 2: Last one", host_index: 2 });
  });

  it("says so with a 502 when every host is down, naming hosts by place, never by address", async () => {
    hosts.forEach((h) => h.setDown(true));
    const res = await send({ message: "Hello?", sessionId: SESSION_ID });
    expect(res.status).toBe(502);
    const body = res.body as { ok: false; error: string };
    expect(body.ok).toBe(false);
    expect(body.error).toBe("The switchboard did not answer (all 3 hosts tried: primary: answered 503; fallback 1: answered 503; fallback 2: answered 503)");
    const text = JSON.stringify(res.body);
    for (const h of hosts) expect(text).not.toContain(h.url.replace("http://", ""));
    expect(text).not.toContain(SECRET);
  });

  it("refuses empty, whitespace-only, too long and unidentified messages", async () => {
    for (const body of [{ message: "", sessionId: SESSION_ID }, { message: "   ", sessionId: SESSION_ID }, { message: "x".repeat(4001), sessionId: SESSION_ID }, { message: "hi" }, { message: "hi", sessionId: "../x" }]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it("needs a session, for messages and status alike", async () => {
    const before = hosts[0]!.deliveries.length;
    expect((await send({ message: "hi", sessionId: SESSION_ID }, "")).status).toBe(401);
    expect((await call(t.app, "GET", "/api/v1/hq/status")).status).toBe(401);
    expect(hosts[0]!.deliveries.length).toBe(before);
  });

  it("reports how many hosts are configured, not which", async () => {
    const res = await call(t.app, "GET", "/api/v1/hq/status", { cookie: user.cookie });
    expect(res.body).toEqual({ configured: true, hosts: 3 });
  });
});

describe("an unconfigured switchboard", () => {
  let bare: TestApp;
  beforeAll(async () => (bare = await createTestApp()));
  afterAll(async () => bare?.close());

  it("says honestly that it is not configured", async () => {
    const me = await signedInUser(bare.app, bare.services.database.db, "hq-bare");
    expect((await call(bare.app, "GET", "/api/v1/hq/status", { cookie: me.cookie })).body).toEqual({ configured: false, hosts: 0 });
    const res = await call(bare.app, "POST", "/api/v1/hq/messages", { cookie: me.cookie, body: { message: "test_connection", sessionId: SESSION_ID } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: "The switchboard is not configured" });
  });
});

describe("the switchboard verb", () => {
  let silent: Server;
  let silentUrl: string;
  beforeAll(async () => {
    // Accepts the connection and never answers, so the per-host timeout has to fire.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        silent.closeAllConnections();
        silent.close(() => resolve());
      }),
  );
  const ctx = (over: Partial<SwitchboardCtx>): SwitchboardCtx => ({
    user: { id: "user-1", email: "u@example.test" },
    hostsSetting: undefined,
    secretHex: undefined,
    outboundTimeoutMs: 300,
    now: () => new Date(),
    logger: testLogger("unit"),
    ...over,
  });

  it("moves on past a host that does not answer in time and one that refuses the connection", async () => {
    const refused = `http://127.0.0.1:${await freePort()}`;
    hosts[2]!.respondWith((d) => ({ status: 200, json: [{ message: `plain ${String(d.headers["x-wlhq-signature"] ?? "unsigned")}` }] }));
    try {
      const answer = await sendSwitchboardMessage(ctx({ hostsSetting: `${silentUrl}, ${refused} ,${hosts[2]!.url}` }), { message: "hi", sessionId: SESSION_ID });
      expect(answer).toEqual({ ok: true, reply: "plain unsigned", host_index: 2 });
      const failed = await sendSwitchboardMessage(ctx({ hostsSetting: `${silentUrl},${refused}` }), { message: "hi", sessionId: SESSION_ID });
      expect(failed).toEqual({ ok: false, error: "The switchboard did not answer (all 2 hosts tried: primary: n8n did not answer within 300 ms; fallback 1: n8n could not be reached)" });
    } finally {
      hosts[2]!.respondWith(echo("host 2"));
    }
  });

  it("reads response or message, in an object, a list or plain text", () => {
    expect(replyOf({ response: "a" }, "")).toBe("a");
    expect(replyOf({ message: "b" }, "")).toBe("b");
    expect(replyOf([{ response: { content: "c" } }], "")).toBe("c");
    expect(replyOf("d", '"d"')).toBe("d");
    expect(replyOf(null, " plain text ")).toBe("plain text");
    expect(replyOf({ ok: true }, '{"ok":true}')).toBeNull();
    expect(replyOf(null, "")).toBeNull();
  });

  it("tries at most three http(s) hosts, in the order given", () => {
    expect(switchboardHosts(" http://a.test , ftp://b.test,not a url,https://c.test,http://d.test,http://e.test")).toEqual(["http://a.test", "https://c.test", "http://d.test"]);
    expect(switchboardHosts(undefined)).toEqual([]);
  });
});
