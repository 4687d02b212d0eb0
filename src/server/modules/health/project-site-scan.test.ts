import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../lib/public-address";
import { CLEAN_HEADERS, CLEAN_PAGE, page } from "../../testing/site-pages";
import { startSiteFixture, TEST_SITE_CA, type SiteFixture } from "../../testing/site-fixtures";
import { analyseSite, tlsIssues } from "./project-analyse-site";
import { fetchSite, type ScanSeams } from "./project-fetch-site";

// The scan end to end over real HTTP(S) to local sites, which only the test seams let it reach.
let secure: SiteFixture;
let plain: SiteFixture;
let internal: SiteFixture;
const allowedNames = new Set(["secure-site.test", "plain-site.test"]);
const fakeDns: Record<string, string> = { "secure-site.test": "127.0.0.1", "plain-site.test": "127.0.0.1", "inside.test": "127.0.0.1" };
const seams: ScanSeams = {
  lookup: async (hostname) => {
    const address = fakeDns[hostname];
    if (!address) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return [{ address, family: 4 }];
  },
  isAllowedAddress: (address, hostname) => allowedNames.has(hostname) || isPublicAddress(address),
  ca: TEST_SITE_CA,
};
const now = new Date();
const KB = 1024;

async function scan(url: string, extra: Partial<ScanSeams> = {}) {
  return analyseSite(await fetchSite(url, { ...seams, ...extra }), now);
}
const checksOf = async (url: string) => (await scan(url)).issues.map((i) => i.check);

beforeAll(async () => {
  const assets = { "/site.css": { body: "body{color:#222}", headers: { "content-type": "text/css" } }, "/app.js": { body: "console.log(1)" }, "/mod.js": { body: "export {}" } };
  secure = await startSiteFixture({ "/": { body: CLEAN_PAGE, headers: CLEAN_HEADERS }, ...assets }, { https: true, host: "secure-site.test" });
  plain = await startSiteFixture({ "/": { body: CLEAN_PAGE, headers: CLEAN_HEADERS }, ...assets }, { host: "plain-site.test" });
  internal = await startSiteFixture({ "/": { body: "internal admin" }, "/secret": { body: "metadata" }, "/x.js": { body: "x" } });
});
afterAll(async () => Promise.all([secure?.close(), plain?.close(), internal?.close()]));
beforeEach(() => {
  internal.hits.length = 0;
});

describe("scanning a website", () => {
  it("finds nothing on a clean https site, measures its files and reads its certificate", async () => {
    const fetched = await fetchSite(`${secure.url}/`, seams);
    expect(fetched.ok).toBe(true);
    if (!fetched.ok) return;
    expect(fetched.site.certificate?.validTo.slice(0, 4)).toBe("2126");
    expect(fetched.site.resources.map((r) => [r.url.replace(secure.url, ""), r.bytes])).toEqual([
      ["/site.css", 16],
      ["/app.js", 14],
      ["/mod.js", 9],
    ]);
    const analysis = analyseSite(fetched, now);
    expect(analysis.issues).toEqual([]);
    expect(analysis.checks.every((c) => c.passed)).toBe(true);
    expect(analysis.checks.map((c) => c.name)).toEqual(expect.arrayContaining(["deploy.reachable", "deploy.tls_expiring", "seo.meta_description", "performance.page_weight"]));
  });

  it("finds exactly the planted defect: plain HTTP, heavy scripts, a heavy page, errors and an old deploy", async () => {
    expect(await checksOf(`${plain.url}/`)).toEqual(["security.no_https"]);
    secure.pages.set("/heavy-js", { body: page({ head: '<script src="/big.js" defer></script>' }), headers: CLEAN_HEADERS });
    secure.pages.set("/big.js", { body: "x".repeat(600 * KB) });
    expect(await checksOf(`${secure.url}/heavy-js`)).toEqual(["performance.script_bytes"]);
    secure.pages.set("/heavy-css", { body: page({ head: '<link rel="stylesheet" href="/big.css">' }), headers: CLEAN_HEADERS });
    secure.pages.set("/big.css", { body: "y".repeat(1100 * KB) });
    expect(await checksOf(`${secure.url}/heavy-css`)).toEqual(["performance.page_weight"]);
    secure.pages.set("/down", { status: 503, body: "maintenance" });
    expect(await scan(`${secure.url}/down`)).toMatchObject({ issues: [{ check: "deploy.server_error", severity: "critical", description: "The website answers with an error (HTTP 503)" }] });
    expect(await checksOf(`${secure.url}/missing`)).toEqual(["deploy.client_error"]);
    secure.pages.set("/old", { body: CLEAN_PAGE, headers: { ...CLEAN_HEADERS, "last-modified": new Date(now.getTime() - 400 * 86_400_000).toUTCString() } });
    expect(await checksOf(`${secure.url}/old`)).toEqual(["build.stale_deploy"]);
  });

  it("reports a certificate it cannot verify as a critical deploy issue", async () => {
    const { issues } = await scan(`${secure.url}/`, { ca: undefined });
    expect(issues).toMatchObject([{ check: "deploy.tls_invalid", severity: "critical", description: "The website could not be checked: Could not reach that URL: its certificate could not be verified" }]);
  });

  it("grades a certificate by the days it has left", () => {
    const cert = (days: number) => ({ validFrom: "2020-01-01T00:00:00.000Z", validTo: new Date(now.getTime() + days * 86_400_000 + 3_600_000).toISOString() });
    expect(tlsIssues(cert(60), now)).toEqual([]);
    expect(tlsIssues(cert(20), now)).toMatchObject([{ severity: "medium", description: expect.stringMatching(/^The TLS certificate expires in 20 days/) }]);
    expect(tlsIssues(cert(3), now)).toMatchObject([{ severity: "high" }]);
  });

  it("refuses private addresses, a name resolving to loopback and a redirect inside, and the private listener sees no hit", async () => {
    secure.pages.set("/go-inside", { status: 302, headers: { location: `http://127.0.0.1:${internal.port}/secret` } });
    const attempts = [
      `http://127.0.0.1:${internal.port}/`,
      `http://10.0.0.1:${internal.port}/`,
      "http://169.254.169.254/latest/meta-data/",
      `http://[::1]:${internal.port}/`,
      `http://localhost:${internal.port}/`,
      `http://inside.test:${internal.port}/`,
      `${secure.url}/go-inside`,
    ];
    for (const url of attempts) {
      const { issues } = await scan(url);
      expect(issues, url).toMatchObject([{ check: "deploy.blocked", type: "deploy", severity: "high" }]);
    }
    expect(internal.hits).toEqual([]);
  });

  it("does not fetch a page's files from a private address either", async () => {
    secure.pages.set("/leaky", { body: page({ head: `<script src="http://127.0.0.1:${internal.port}/x.js" defer></script>` }), headers: CLEAN_HEADERS });
    const fetched = await fetchSite(`${secure.url}/leaky`, seams);
    expect(fetched.ok && fetched.site.resources).toEqual([{ url: `http://127.0.0.1:${internal.port}/x.js`, kind: "script", bytes: null, capped: false }]);
    expect(internal.hits).toEqual([]);
  });
});
