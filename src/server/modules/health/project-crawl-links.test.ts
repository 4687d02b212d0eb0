import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../lib/public-address";
import { startSiteFixture, type SiteFixture } from "../../testing/site-fixtures";
import { analyseSite } from "./project-analyse-site";
import { CRAWL_LIMITS, crawlLinks } from "./project-crawl-links";
import { fetchSite, type ScanSeams } from "./project-fetch-site";
import { parseRobots } from "./project-robots";

// The link check over real HTTP to a local site, reached through the outbound guard's test seams.
let site: SiteFixture;
let internal: SiteFixture;
const seams: ScanSeams = {
  lookup: async (hostname) => {
    if (hostname !== "links-site.test") throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return [{ address: "127.0.0.1", family: 4 }];
  },
  isAllowedAddress: (address, hostname) => hostname === "links-site.test" || isPublicAddress(address),
};
const html = (links: string[]) => `<!doctype html><html><body>${links.map((l) => `<a href="${l}">x</a>`).join("")}</body></html>`;

beforeAll(async () => {
  internal = await startSiteFixture({ "/secret": { body: "x" } });
  site = await startSiteFixture(
    {
      "/": { body: html(["/a", "/b#top", "/gone", "/private/page", "https://elsewhere.example/", "/file.pdf", "mailto:x@y.z"]) },
      "/a": { body: html(["/", "/b", "/a"]) },
      "/b": { body: html(["/a", "/deep/missing", "/inside"]) },
      "/inside": { status: 302, headers: { location: `http://127.0.0.1:${internal.port}/secret` } },
      "/private/page": { body: html(["/never"]) },
      "/file.pdf": { body: "%PDF", headers: { "content-type": "application/pdf" } },
      "/robots.txt": { body: "User-agent: *\nDisallow: /private/\n", headers: { "content-type": "text/plain" } },
    },
    { host: "links-site.test" },
  );
});
afterAll(async () => Promise.all([site?.close(), internal?.close()]));

describe("the project scan's link check", () => {
  it("follows same-site links once each, honours robots.txt and reports each broken link with its page", async () => {
    const start = `http://links-site.test:${site.port}/`;
    const fetched = await fetchSite(start, seams);
    expect(fetched.ok).toBe(true);
    if (!fetched.ok) return;
    const crawl = await crawlLinks(fetched.site.url, fetched.site.html, seams);
    expect(crawl.broken.map((b) => [b.url.replace(start, "/"), b.foundOn.replace(start, "/"), b.status])).toEqual(
      expect.arrayContaining([
        ["/gone", "/", 404],
        ["/deep/missing", "/b", 404],
        ["/inside", "/b", null],
      ]),
    );
    expect(crawl.broken).toHaveLength(3);
    expect(crawl.broken.find((b) => b.url.endsWith("/inside"))?.reason).toMatch(/private address/);
    const paths = site.hits.map((h) => h.path);
    // The loop / -> /a -> / ends: each page is asked once; the disallowed part and other sites are not.
    for (const path of ["/a", "/b", "/gone"]) expect(paths.filter((p) => p === path), path).toHaveLength(1);
    expect(paths).not.toContain("/private/page");
    expect(paths).not.toContain("/never");
    expect(internal.hits).toEqual([]);
    expect(crawl).toMatchObject({ stoppedEarly: false });

    const analysis = analyseSite(fetched, new Date(), crawl);
    const broken = analysis.issues.filter((i) => i.check === "seo.broken_links");
    expect(broken.find((i) => i.link?.url.endsWith("/gone"))).toMatchObject({ description: `Broken link: ${start}gone (HTTP 404) on ${start}`, link: { found_on: start, status: 404 } });
    expect(analysis.checks.find((c) => c.name === "seo.broken_links")).toMatchObject({ passed: false, detail: expect.stringMatching(/^Checked \d+ links on \d+ pages$/) });
  });

  it("asks links beyond the page budget with HEAD, and with GET where HEAD is refused", async () => {
    site.pages.set("/many", { body: html(["/one", "/two", "/no-head", "/head-missing"]) });
    site.pages.set("/one", { body: "1" });
    site.pages.set("/two", { body: "2" });
    site.pages.set("/no-head", { body: "ok", noHead: true });
    site.hits.length = 0;
    const start = new URL(`http://links-site.test:${site.port}/many`);
    const crawl = await crawlLinks(start, html(["/one", "/two", "/no-head", "/head-missing"]), seams, { ...CRAWL_LIMITS, maxPages: 1 });
    expect(crawl.broken.map((b) => [new URL(b.url).pathname, b.status])).toEqual([["/head-missing", 404]]);
    expect(site.hits.filter((h) => h.path === "/no-head").map((h) => h.method)).toEqual(["HEAD", "GET"]);
    expect(site.hits.filter((h) => h.path === "/one").map((h) => h.method)).toEqual(["HEAD"]);
  });

  it("stops at the link budget and says so", async () => {
    const start = new URL(`http://links-site.test:${site.port}/`);
    const crawl = await crawlLinks(start, html(["/a", "/b", "/gone"]), seams, { ...CRAWL_LIMITS, maxLinks: 2 });
    expect(crawl).toMatchObject({ links: 2, stoppedEarly: true });
  });
});

describe("robots.txt", () => {
  it("uses our agent's group over '*', and the longest rule wins", () => {
    const robots = parseRobots("User-agent: *\nDisallow: /\n\nUser-agent: WeLoveHQ-ProjectHealth\nDisallow: /admin\nAllow: /admin/public\nDisallow: /*.pdf$\n");
    expect(robots.allows("/")).toBe(true);
    expect(robots.allows("/admin/x")).toBe(false);
    expect(robots.allows("/admin/public/x")).toBe(true);
    expect(robots.allows("/doc.pdf")).toBe(false);
    expect(robots.allows("/doc.pdf?x")).toBe(true);
    expect(parseRobots("User-agent: other\nDisallow: /\n").allows("/x")).toBe(true);
    expect(parseRobots("User-agent: *\nDisallow:\n").allows("/x")).toBe(true);
  });
});
