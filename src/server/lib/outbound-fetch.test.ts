import { createServer as createHttpsServer } from "node:https";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { lookup as dnsLookup } from "node:dns/promises";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OutboundBlocked, OutboundError, outboundFetch, outboundStream, type OutboundOptions } from "./outbound-fetch";
import { isPublicAddress } from "./public-address";

type Hit = { path: string; headers: IncomingHttpHeaders };
type Listener = { port: number; hits: Hit[]; server: Server; hanging: Set<ServerResponse> };

/** A server on 127.0.0.1 that records every request; `route` answers it. */
async function listen(route: (path: string, res: ServerResponse, hanging: Set<ServerResponse>) => void): Promise<Listener> {
  const hits: Hit[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    hits.push({ path: req.url ?? "/", headers: req.headers });
    req.resume();
    route(req.url ?? "/", res, hanging);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, hits, server, hanging };
}

const stop = (l: Listener) =>
  new Promise<void>((resolve) => {
    for (const res of l.hanging) res.destroy();
    l.server.closeAllConnections();
    l.server.close(() => resolve());
  });

// The private listener that nothing may reach, and a relay standing in for a public site.
let target: Listener;
let relay: Listener;
const publicNames = new Set(["relay.test", "other-relay.test"]);
const fakeDns: Record<string, string> = { "relay.test": "127.0.0.1", "other-relay.test": "127.0.0.1", "rebind.test": "127.0.0.1", "mixed.test": "127.0.0.1" };

/** Options for a test: names in publicNames count as public; every other address gets the real check. */
function options(extra: Partial<OutboundOptions> = {}): OutboundOptions {
  return {
    timeoutMs: 2000,
    maxBytes: 64 * 1024,
    lookup: async (hostname) => {
      const address = fakeDns[hostname];
      if (!address && hostname.endsWith(".test")) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      if (!address) return dnsLookup(hostname, { all: true });
      return hostname === "mixed.test" ? [{ address: "93.184.216.34", family: 4 }, { address, family: 4 }] : [{ address, family: 4 }];
    },
    isAllowedAddress: (address, hostname) => publicNames.has(hostname) || isPublicAddress(address),
    ...extra,
  };
}

beforeAll(async () => {
  target = await listen((_path, res) => res.end("private data"));
  relay = await listen((path, res, hanging) => {
    const [route, query] = path.split("?") as [string, string | undefined];
    const to = new URLSearchParams(query).get("to");
    if (route === "/redirect" && to) return void res.writeHead(302, { location: to }).end();
    if (route === "/loop") return void res.writeHead(302, { location: "/loop" }).end();
    if (route === "/big") return void res.end("x".repeat(100_000));
    if (route === "/big-chunked") {
      for (let i = 0; i < 100; i++) res.write("y".repeat(1000));
      return void res.end();
    }
    if (route === "/slow") return void hanging.add(res);
    if (route === "/slow-body") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first part");
      return void hanging.add(res);
    }
    res.end(`relay ${route}`);
  });
});
afterAll(async () => {
  await stop(target);
  await stop(relay);
});
beforeEach(() => {
  target.hits.length = 0;
  relay.hits.length = 0;
});

describe("outboundFetch refuses private destinations before connecting", () => {
  const forms = (port: number) => [
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://[::1]:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f.1:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://rebind.test:${port}/`,
    `http://mixed.test:${port}/`,
  ];

  it("blocks every spelling of a private address, and the listener sees no hit", async () => {
    for (const url of forms(target.port)) {
      const error = await outboundFetch(url, {}, options()).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(OutboundBlocked);
      expect((error as Error).message).not.toMatch(/127|::1|localhost|rebind/);
    }
    expect(target.hits).toEqual([]);
  });

  it("blocks a redirect from an allowed host to a private address", async () => {
    for (const to of [`http://127.0.0.1:${target.port}/`, `http://rebind.test:${target.port}/`, `http://0x7f000001:${target.port}/`]) {
      const url = `http://relay.test:${relay.port}/redirect?to=${encodeURIComponent(to)}`;
      await expect(outboundFetch(url, {}, options())).rejects.toBeInstanceOf(OutboundBlocked);
    }
    expect(relay.hits).toHaveLength(3);
    expect(target.hits).toEqual([]);
  });

  it("refuses schemes other than http and https", async () => {
    for (const url of ["file:///etc/passwd", "ftp://relay.test/", "gopher://relay.test/", "not a url"]) {
      await expect(outboundFetch(url, {}, options())).rejects.toMatchObject({ kind: "bad_url" });
    }
  });

  it("uses the real resolver and public-address check when no test seam is given", async () => {
    for (const url of [`http://127.0.0.1:${target.port}/`, `http://localhost:${target.port}/`, `http://app.localhost:${target.port}/`]) {
      await expect(outboundFetch(url, {}, { timeoutMs: 1000, maxBytes: 1000 })).rejects.toBeInstanceOf(OutboundBlocked);
    }
    expect(target.hits).toEqual([]);
  });
});

describe("outboundFetch on an allowed host", () => {
  it("reaches it through the pinned address and keeps the Host header", async () => {
    const res = await outboundFetch(`http://relay.test:${relay.port}/hello`, {}, options());
    expect(res).toMatchObject({ status: 200, text: "relay /hello" });
    expect(relay.hits[0]?.headers.host).toBe(`relay.test:${relay.port}`);
  });

  it("follows a redirect to another allowed host, re-checked, and drops credentials across origins", async () => {
    const to = `http://other-relay.test:${relay.port}/landed`;
    const url = `http://relay.test:${relay.port}/redirect?to=${encodeURIComponent(to)}`;
    const res = await outboundFetch(url, { headers: { authorization: "Bearer sk-secret", "x-trace": "1" } }, options());
    expect(res).toMatchObject({ status: 200, text: "relay /landed", url: to });
    expect(relay.hits.map((h) => h.headers.authorization)).toEqual(["Bearer sk-secret", undefined]);
    expect(relay.hits[1]?.headers["x-trace"]).toBe("1");
  });

  it("stops after three redirects", async () => {
    await expect(outboundFetch(`http://relay.test:${relay.port}/loop`, {}, options())).rejects.toMatchObject({ kind: "too_many_redirects" });
    expect(relay.hits).toHaveLength(4);
  });

  it("strips credentials written into the URL", async () => {
    const res = await outboundFetch(`http://alice:hunter2@relay.test:${relay.port}/who`, {}, options());
    expect(res.url).toBe(`http://relay.test:${relay.port}/who`);
    expect(relay.hits[0]?.headers.authorization).toBeUndefined();
  });
});

describe("outboundFetch caps", () => {
  it("refuses an answer past maxBytes, with or without a content-length", async () => {
    for (const path of ["/big", "/big-chunked"]) {
      const error = await outboundFetch(`http://relay.test:${relay.port}${path}`, {}, options({ maxBytes: 10_000 })).catch((e: unknown) => e);
      expect(error, path).toMatchObject({ kind: "too_large", message: "The answer was larger than 10 KB" });
    }
  });

  it("errors a stream once it passes maxBytes", async () => {
    const res = await outboundStream(`http://relay.test:${relay.port}/big-chunked`, {}, options({ maxBytes: 10_000 }));
    const reader = res.body.getReader();
    let received = 0;
    const error = await (async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return undefined;
        received += chunk.value.length;
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "too_large" });
    expect(received).toBeLessThanOrEqual(10_000);
  });

  it("times out a host that never answers", async () => {
    const started = Date.now();
    await expect(outboundFetch(`http://relay.test:${relay.port}/slow`, {}, options({ timeoutMs: 200 }))).rejects.toMatchObject({ kind: "timeout", message: "No answer within 200 ms" });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("times out a body that stops halfway", async () => {
    const started = Date.now();
    await expect(outboundFetch(`http://relay.test:${relay.port}/slow-body`, {}, options({ timeoutMs: 300 }))).rejects.toMatchObject({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("stops when the caller aborts", async () => {
    const abort = new AbortController();
    const res = await outboundStream(`http://relay.test:${relay.port}/slow-body`, {}, options({ signal: abort.signal, timeoutMs: 10_000 }));
    const reader = res.body.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first part");
    setTimeout(() => abort.abort(), 50);
    await expect(reader.read()).rejects.toMatchObject({ kind: "aborted" });
  });

  it("reports an unreachable host without naming it", async () => {
    const error = await outboundFetch("http://nowhere.test/", {}, options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ kind: "unreachable", message: "Could not reach that URL: host not found" });
  });
});

// A self-signed certificate for relay.test, made for this test only (it guards nothing).
const testKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgvnUMcHhB15nKWNyH
JlRvutvZ5mZpzByoNnKGuuCmLOWhRANCAATUDcYXwE3Jwc59fQrqCU/QYdhKP48I
L5FT0zfKkKBuLX6nvMAjP7VYh8cUNnkh7SZqPu99xTatStoyjkKGDuFJ
-----END PRIVATE KEY-----`;
const testCert = `-----BEGIN CERTIFICATE-----
MIIBlzCCAT6gAwIBAgIUIE9WwT9YB5Zus+yiLV5iDDvz5KgwCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKcmVsYXkudGVzdDAgFw0yNjExMjMxOTE1NDhaGA8yMTI2MTAz
MDE5MTU0OFowFTETMBEGA1UEAwwKcmVsYXkudGVzdDBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABNQNxhfATcnBzn19CuoJT9Bh2Eo/jwgvkVPTN8qQoG4tfqe8wCM/
tViHxxQ2eSHtJmo+733FNq1K2jKOQoYO4UmjajBoMB0GA1UdDgQWBBRQYkXQKyHa
8iA6MR4f6lrlNGCcdTAfBgNVHSMEGDAWgBRQYkXQKyHa8iA6MR4f6lrlNGCcdTAP
BgNVHRMBAf8EBTADAQH/MBUGA1UdEQQOMAyCCnJlbGF5LnRlc3QwCgYIKoZIzj0E
AwIDRwAwRAIgcHadWWCQ5ElEaYO98Bj1oy1y0iRzt29oYAkRDgbdF1YCIGynvif9
JvKqXGPw0Aku9iDve64FMB1nzLB/LbC3zXIY
-----END CERTIFICATE-----`;

describe("outboundFetch over https", () => {
  it("connects to the pinned address but sends the name as SNI, and still verifies the certificate", async () => {
    const sniNames: string[] = [];
    const server = createHttpsServer({
      key: testKey,
      cert: testCert,
      SNICallback: (name, done) => {
        sniNames.push(name);
        done(null, undefined);
      },
    });
    server.on("tlsClientError", () => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Self-signed: the client must refuse it, which shows verification was not switched off by the pinning.
      const error = await outboundFetch(`https://relay.test:${port}/`, {}, options()).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "unreachable", message: "Could not reach that URL: its certificate could not be verified" });
      expect(sniNames).toEqual(["relay.test"]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::10.0.0.1",
    "2002:7f00:1::",
    "2001:db8::1",
    "not-an-ip",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "2002:808:808::1"])("allows %s", (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});
