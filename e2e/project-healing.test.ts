import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startN8nStandIn, type N8nStandIn } from "@/server/testing/n8n-stand-in";
import { startSiteFixture, type SiteFixture } from "@/server/testing/site-fixtures";
import { CLEAN_HEADERS, page as sitePage } from "@/server/testing/site-pages";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// An owner analyses a project whose website is a local fixture (reachable only under the test-only
// PROJECT_SCAN_ALLOW_LOOPBACK), reads the report (with the broken link and the page it is on), and sends every auto-fixable issue with Fix All.
const SECRET = "44".repeat(32);
let n8n: N8nStandIn;
let site: SiteFixture;
beforeAll(async () => {
  n8n = await startN8nStandIn({ secret: SECRET });
  site = await startSiteFixture({ "/": { body: sitePage({ lang: "", description: "", body: '<h1>Shop</h1><img src="/hero.png"><a href="/gone">Old offer</a>' }), headers: CLEAN_HEADERS } });
});
afterAll(async () => {
  await n8n?.close();
  await site?.close();
});
const suite = useSuite(() => ({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET, PROJECT_SCAN_ALLOW_LOOPBACK: "1", JOB_POLL_INTERVAL_MS: "500" }));

const report = (page: Page) => page.getByRole("region", { name: /^Health report: / });

describe("project self-healing", () => {
  it("analyses a project's website, shows the report after a reload, and sends Fix All one by one", async () => {
    const { context, page, api } = await onDashboard(suite, "healing");
    await page.goto("/app/project-healing");
    await page.getByRole("heading", { name: "Project Self-Healing", level: 1 }).waitFor();
    await page.getByText("No projects found").waitFor();
    await page.getByText("Create projects to enable self-healing features").waitFor();

    const { plane } = await api<{ plane: { id: string } }>("POST", "/planes", { name: "Web" });
    await api("POST", "/projects", { plane_id: plane.id, name: "Shop front", website_url: `${site.url}/` });
    await page.reload();
    const analyze = page.getByRole("button", { name: "Analyze Project Health" });
    await analyze.waitFor();
    expect(await analyze.isDisabled()).toBe(true);
    await page.getByLabel("Project").selectOption({ label: "Shop front" });
    await page.getByText("This project has not been analyzed yet.", { exact: false }).waitFor();
    await analyze.click();

    const card = report(page);
    await card.waitFor();
    await card.getByRole("status", { name: "Status: WARNING" }).waitFor();
    await card.getByText(/^Last checked /).waitFor();
    await card.getByText("Found 5 issues").waitFor();
    await page.getByText("Analysis Complete").waitFor();
    await page.getByText("Found 5 issues in Shop front").waitFor();
    const seo = card.locator('[data-check="seo.meta_description"]');
    expect(await seo.innerText()).toMatch(/^SEO\s+high\s+Auto-fixable\s+Missing meta description/);
    // The link check followed the page's link and names the page it was found on.
    await card.getByText(`Website checked: ${site.url}/`).waitFor();
    const broken = card.locator('[data-check="seo.broken_links"]');
    expect(await broken.innerText()).toContain(`Broken link: ${site.url}/gone (HTTP 404) on ${site.url}/`);
    expect(await broken.getByTestId("broken-link").innerText()).toMatch(new RegExp(`Found on:\\s+${site.url}/$`));
    expect(site.hits.length).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "project-healing-report", { fullPage: true });

    // The report is stored: after a reload it is there again with its time.
    const checkedAt = await card.getByText(/^Last checked /).innerText();
    await page.reload();
    await page.getByLabel("Project").selectOption({ label: "Shop front" });
    expect(await report(page).getByText(/^Last checked /).innerText()).toBe(checkedAt);

    const started = Date.now();
    await report(page).getByRole("button", { name: "Fix All" }).click();
    await report(page).getByText(/^Fixing \d of 3\.\.\.$/).first().waitFor();
    await page.getByText("Batch Fix Initiated").waitFor();
    await page.getByText("Started auto-fix for 3 issues").waitFor();
    // A second apart: three jobs take at least two pauses.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    await expect.poll(() => report(page).getByText(/^(Fix job|Agent reported)/).count()).toBe(3);
    expect(await report(page).getByRole("button", { name: /^Auto-Fix/ }).count()).toBe(0);
    await expect.poll(() => n8n.deliveries.filter((d) => /^Auto-fix project issue: /.test(String((d.body as { message?: string }).message))).length).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "project-healing-fixed", { fullPage: true });
    await context.close();
  });
});
