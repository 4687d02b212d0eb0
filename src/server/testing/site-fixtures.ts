import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

/**
 * Local websites for the project scan's tests, on 127.0.0.1: each path answers a fixed page with
 * chosen headers, and every request is recorded, so a test can also show that a refused address
 * saw no hit. Over https they present a certificate for secure-site.test and other-site.test,
 * signed by TEST_SITE_CA (made for these tests only, valid until 2126; it guards nothing), which
 * a test passes as outbound-fetch's `ca` seam.
 */
/** `noHead`: answers HEAD with 405, as some servers do. */
export type SitePage = { status?: number; headers?: Record<string, string | string[]>; body?: string; noHead?: boolean };
export type SiteFixture = { url: string; port: number; hits: { path: string; method?: string; headers: IncomingHttpHeaders }[]; pages: Map<string, SitePage>; close: () => Promise<void> };

export const TEST_SITE_CA = `-----BEGIN CERTIFICATE-----
MIIBoDCCAUegAwIBAgIUBWegDzWyRMx+E66cCooTYQr7mhMwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSV2UgTG92ZSBIUSB0ZXN0IENBMCAXDTI2MTEyNTE1NDA0M1oY
DzIxMjYxMTAxMTU0MDQzWjAdMRswGQYDVQQDDBJXZSBMb3ZlIEhRIHRlc3QgQ0Ew
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATuFM1gSB9UOPGL1AwaEBsY7KAzY2NW
zgH5tSzAoDBFUm/uCC1lWV+5h9XWB44qrkyltad93asleTVW4GgXImAyo2MwYTAd
BgNVHQ4EFgQUtDyUDqxhsBJn3uNhMhKBlVKk/IswHwYDVR0jBBgwFoAUtDyUDqxh
sBJn3uNhMhKBlVKk/IswDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAgQw
CgYIKoZIzj0EAwIDRwAwRAIgffSrjisYL+Yzeg7WdzwM9DrOCm3OG2Ah5lsJfgCS
+LgCIG9JuQkudFbjtKjb3yP6YxTKYjfoygKjFl/nGqHFy/3z
-----END CERTIFICATE-----`;

const siteKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgeJiVE4ViasE3z6tf
93YcnebtNXyOTjFngsK1pxzTzfahRANCAARWe+zkeSwZKsM3JATYptY9hrG9U3s+
E2er8JcSMKnQMVmikS59fRMbHcf9bptQz+F60GUaZhZrB8xN8ccCE02J
-----END PRIVATE KEY-----`;

const siteCert = `-----BEGIN CERTIFICATE-----
MIIBtjCCAV2gAwIBAgIUTOoSBCGrgrBzNq0y3p0eWvs9mcEwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSV2UgTG92ZSBIUSB0ZXN0IENBMCAXDTI2MTEyNTE1NDA0M1oY
DzIxMjYxMTAxMTU0MDQzWjAbMRkwFwYDVQQDDBBzZWN1cmUtc2l0ZS50ZXN0MFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEVnvs5HksGSrDNyQE2KbWPYaxvVN7PhNn
q/CXEjCp0DFZopEufX0TGx3H/W6bUM/hetBlGmYWawfMTfHHAhNNiaN7MHkwLAYD
VR0RBCUwI4IQc2VjdXJlLXNpdGUudGVzdIIPb3RoZXItc2l0ZS50ZXN0MAkGA1Ud
EwQCMAAwHQYDVR0OBBYEFFs3JxyiOSi88pw749x1Tp2S+l+0MB8GA1UdIwQYMBaA
FLQ8lA6sYbASZ97jYTISgZVSpPyLMAoGCCqGSM49BAMCA0cAMEQCIFiJArQDpQNp
RxQgnFSUfHYViuuTuIVg/OOZgiBBsK6fAiAuYG3nkZbQmtqCHQKNIEA3+maLEmd5
YbqPKDIidjHtQg==
-----END CERTIFICATE-----`;

export async function startSiteFixture(pages: Record<string, SitePage>, options: { https?: boolean; host?: string } = {}): Promise<SiteFixture> {
  const table = new Map(Object.entries(pages));
  const hits: SiteFixture["hits"] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    hits.push({ path: req.url ?? "/", method: req.method, headers: req.headers });
    req.resume();
    const page = table.get((req.url ?? "/").split("?")[0]!);
    if (!page) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    if (page.noHead && req.method === "HEAD") return void res.writeHead(405, { allow: "GET" }).end();
    res.writeHead(page.status ?? 200, { "content-type": "text/html; charset=utf-8", ...page.headers });
    res.end(req.method === "HEAD" ? undefined : (page.body ?? ""));
  };
  const server: Server = options.https ? createHttpsServer({ key: siteKey, cert: siteCert }, handler) : createHttpServer(handler);
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `${options.https ? "https" : "http"}://${options.host ?? "127.0.0.1"}:${port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, port, hits, pages: table, close };
}
