import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { memberships } from "@/server/db/schema";
import { gate } from "@/server/testing/gate";
import { startN8nHealthStandIn, type N8nHealthStandIn } from "@/server/testing/n8n-health-stand-in";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// /status against the suite's server, with n8n configured: agent-ready asks its health, which a stand-in answers.
let n8n: N8nHealthStandIn;
beforeAll(async () => {
  n8n = await startN8nHealthStandIn();
});
afterAll(async () => n8n?.close());
const suite = useSuite(() => ({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: "e".repeat(64) }));

const badge = (page: Page) => page.getByRole("status").filter({ hasText: "Overall status:" });
const card = (page: Page, name: string) => page.getByRole("region", { name });
// Owner-only API calls (a script chunk named after a feature is not one).
const OWNER_ONLY = /^\/api\/.*\/(jobs\/summary|audit)\b/;

/** Every request the page sends, and every one that failed or was refused. */
function watchRequests(page: Page) {
  const sent: string[] = [];
  const failed: string[] = [];
  page.on("request", (r) => sent.push(new URL(r.url()).pathname));
  page.on("requestfailed", (r) => failed.push(r.url()));
  page.on("response", (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
  return { sent, failed };
}

describe("the /status page", () => {
  it("shows a signed-out visitor Checking, then Online from real probes, with no owner-only or failed request", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const requests = watchRequests(page);
    const firstProbe = gate();
    await page.route("**/functions/v1/health", async (route) => {
      await firstProbe.opened;
      await route.continue();
    });
    await page.goto("/status");
    await page.getByRole("heading", { name: "System Status", level: 1 }).waitFor();
    await badge(page).getByText("Checking").waitFor();
    firstProbe.open();
    await badge(page).getByText("Online").waitFor();
    await page.unroute("**/functions/v1/health");

    await card(page, "API services").getByText("Up", { exact: true }).waitFor();
    await card(page, "Database").getByText(/^\d+(\.\d)? ms$/).waitFor();
    const agent = card(page, "Agent readiness");
    await agent.getByText("Configured", { exact: true }).waitFor();
    expect(await agent.innerText()).toMatch(/n8n base address set\s*Yes\s*HMAC secret set\s*Yes\s*n8n answers its health check\s*Yes, in \d+ ms/);
    expect(await agent.innerText()).not.toContain("127.0.0.1");
    await expect.poll(() => card(page, "Release information").locator("code").textContent()).toMatch(/^[0-9a-f]{7}$/);
    // The secrets list needs a session: a visitor is shown none and asks for none.
    expect(await card(page, "Secrets ready").count()).toBe(0);
    expect(requests.sent).not.toContain("/functions/v1/secrets-ready");
    // Public parts only: smoke tests, no console or flags link, and no owner's card.
    await page.getByRole("link", { name: "Run smoke tests" }).waitFor();
    expect(await page.getByRole("link", { name: /agents console|Feature flags/ }).count()).toBe(0);
    expect(await card(page, "Agent jobs today").count()).toBe(0);

    // Refresh shows its progress while it probes again.
    const refreshProbe = gate();
    await page.route("**/functions/v1/health", async (route) => {
      await refreshProbe.opened;
      await route.continue();
    });
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("button", { name: "Checking…" }).waitFor();
    refreshProbe.open();
    await page.getByRole("button", { name: "Refresh" }).waitFor();
    await page.unroute("**/functions/v1/health");

    expect(requests.sent.filter((path) => path.startsWith("/api/"))).toEqual([]);
    expect(requests.failed).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "status-visitor", { fullPage: true });
    await context.close();
  });

  it("shows an owner the jobs summary, recent activity and every quick action; a member only the public parts", async () => {
    const owner = await onDashboard(suite, "status-owner");
    await owner.api("POST", "/connections", { provider: "gmail", status: "connected" });
    // A product event through the telemetry function, as an integration would send it.
    const recorded = await owner.page.evaluate(async (orgId) => {
      const res = await fetch("/functions/v1/telemetry", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "quickstart.opened", org_id: orgId }) });
      return res.status;
    }, owner.orgId);
    expect(recorded).toBe(200);
    await owner.page.goto("/status");
    await badge(owner.page).getByText("Online").waitFor();
    const jobs = card(owner.page, "Agent jobs today");
    await jobs.getByText("No runs yet").waitFor();
    expect(await jobs.innerText()).toMatch(/Queued\s*0/);
    const activity = card(owner.page, "Recent activity");
    await activity.getByText("Connection added").waitFor();
    await activity.getByText("Test status-owner").first().waitFor();
    await card(owner.page, "Recent events").getByText("quickstart.opened").waitFor();
    const secrets = card(owner.page, "Secrets ready");
    await secrets.getByText("GitHub token").waitFor();
    expect(await secrets.innerText()).toMatch(/n8n base address\s*Set\s*n8n HMAC secret\s*Set\s*GitHub token\s*Not set\s*GitHub repository\s*Not set/);
    expect(await secrets.innerText()).not.toContain("127.0.0.1");
    expect(await owner.page.getByRole("link", { name: "Open the agents console" }).getAttribute("href")).toBe("/app/agents");
    expect(await owner.page.getByRole("link", { name: "Feature flags" }).getAttribute("href")).toBe("/app/admin/flags");
    expect(await axeViolations(owner.page)).toEqual([]);
    await screenshotForReview(owner.page, "status-owner", { fullPage: true });
    await owner.context.close();

    const member = await onDashboard(suite, "status-member");
    await suite.server.services.database.db.update(memberships).set({ role: "member" }).where(and(eq(memberships.orgId, member.orgId), eq(memberships.userId, member.userId)));
    // A fresh tab: the dashboard's event stream, cut off by leaving it, is not this page's failure.
    await member.page.close();
    const page = await member.context.newPage();
    const requests = watchRequests(page);
    await page.goto("/status");
    await page.getByRole("link", { name: "Open the agents console" }).waitFor();
    await badge(page).getByText("Online").waitFor();
    expect(await page.getByRole("link", { name: "Feature flags" }).count()).toBe(0);
    expect(await card(page, "Agent jobs today").count()).toBe(0);
    expect(await card(page, "Recent activity").count()).toBe(0);
    expect(await card(page, "Recent events").count()).toBe(0);
    expect(requests.sent.filter((path) => OWNER_ONLY.test(path))).toEqual([]);
    expect(requests.failed).toEqual([]);
    await member.context.close();
  });

  it("says Offline when health cannot be reached, and Degraded when only the agent is not ready", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.route("**/functions/v1/agent-ready", (route) =>
      route.fulfill({ json: { ok: false, n8n_base_set: false, hmac_set: true, timestamp: new Date().toISOString() } }),
    );
    await page.goto("/status");
    await badge(page).getByText("Degraded").waitFor();
    await card(page, "Agent readiness").getByText("Not configured").waitFor();
    await page.unroute("**/functions/v1/agent-ready");

    // Configured, but n8n does not answer: not Configured, not Online.
    n8n.setDown(true);
    await page.getByRole("button", { name: "Refresh" }).click();
    await card(page, "Agent readiness").getByText("n8n not answering").waitFor();
    await badge(page).getByText("Degraded").waitFor();
    n8n.setDown(false);

    await page.route("**/functions/v1/health", (route) => route.abort());
    await page.getByRole("button", { name: "Refresh" }).click();
    await badge(page).getByText("Offline").waitFor();
    await card(page, "API services").getByText("Down", { exact: true }).waitFor();
    await card(page, "API services").getByText("The health check could not reach the server.").waitFor();
    await card(page, "Database").getByText("Unknown").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "status-offline", { fullPage: true });
    await context.close();
  });
});
