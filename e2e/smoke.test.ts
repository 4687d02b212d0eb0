import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { memberships } from "@/server/db/schema";
import { startN8nHealthStandIn, type N8nHealthStandIn } from "@/server/testing/n8n-health-stand-in";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// The smoke tests run by the server against itself; n8n is a local stand-in of its health endpoint.
let n8n: N8nHealthStandIn;
beforeAll(async () => void (n8n = await startN8nHealthStandIn()));
afterAll(async () => n8n?.close());
const suite = useSuite(() => ({ N8N_BASE: n8n.url, JOB_POLL_INTERVAL_MS: "500" }));

const row = (page: Page, name: string) => page.getByRole("row", { name: new RegExp(`^${name}`) });
const count = (page: Page, key: string) => page.locator(`[data-count="${key}"] dd`);
const checks = ["Health function", "Database write and read-back", "Auth round trip", "Live updates \\(SSE\\)", "Job queue round trip", "n8n reachability"];

describe("/smoke", () => {
  it("runs every check for an owner on arrival, each row passing with its duration, and again on Run Again", async () => {
    const owner = await onDashboard(suite, "smoke-owner");
    const { page } = owner;
    await page.goto("/ops/smoke");
    await page.getByRole("heading", { name: "Smoke Tests", level: 1 }).waitFor();
    // The first run starts by itself: every row passes without a click. (Its "Running…" can be over
    // before a busy test process looks; Run Again below shows that state.)
    for (const name of checks) {
      const r = row(page, name);
      await r.getByText("Pass", { exact: true }).waitFor({ timeout: 30_000 });
      expect(await r.innerText()).toMatch(/\d+ ms/);
    }
    await page.getByRole("button", { name: "Run Again" }).waitFor();
    expect(await count(page, "total").textContent()).toBe("6");
    expect(await count(page, "passed").textContent()).toBe("6");
    expect(await count(page, "failed").textContent()).toBe("0");
    expect(await count(page, "pending").textContent()).toBe("0");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "smoke-owner-passed", { fullPage: true });

    // n8n goes down: Run Again shows the rows pending again, then an honest, prefixed failure.
    n8n.setDown(true);
    const release = n8n.hold();
    await page.getByRole("button", { name: "Run Again" }).click();
    expect(await page.getByRole("button", { name: "Running…" }).isDisabled()).toBe(true);
    release();
    await page.getByRole("button", { name: "Run Again" }).waitFor({ timeout: 30_000 });
    await row(page, "n8n reachability").getByText("Fail", { exact: true }).waitFor();
    expect(await row(page, "n8n reachability").innerText()).toContain("n8n: n8n answered 503");
    expect(await count(page, "passed").textContent()).toBe("5");
    expect(await count(page, "failed").textContent()).toBe("1");
    await screenshotForReview(page, "smoke-owner-n8n-down", { fullPage: true });
    n8n.setDown(false);
    await owner.context.close();
  });

  it("asks a visitor to sign in as an owner and tells a member only the platform's operator may, running nothing", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const smokeCalls: string[] = [];
    page.on("request", (r) => void (r.url().includes("/smoke/") && smokeCalls.push(r.url())));
    await page.goto("/smoke");
    await page.getByText("Sign in as an organisation owner to run the smoke tests").waitFor();
    expect(await page.getByRole("note").getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "smoke-visitor");
    await context.close();

    const owner = await onDashboard(suite, "smoke-org");
    const member = await onDashboard(suite, "smoke-member");
    // The member belongs to the owner's organisation only, as a member.
    const { db } = suite.server.services.database;
    await db.delete(memberships).where(eq(memberships.userId, member.userId));
    await db.insert(memberships).values({ orgId: owner.orgId, userId: member.userId, role: "member" });
    member.page.on("request", (r) => void (r.url().includes("/smoke/") && smokeCalls.push(r.url())));
    await member.page.goto("/smoke");
    await member.page.getByText("only an operator of this platform runs them", { exact: false }).waitFor();
    expect(await member.page.getByRole("button", { name: "Run Again" }).count()).toBe(0);
    expect(smokeCalls).toEqual([]);
    await owner.context.close();
    await member.context.close();
  });

  it("shows the latency card on /status from the probes the server recorded", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto("/status");
    const latency = page.getByRole("region", { name: "Latency (last 6 hours)" });
    const chart = latency.getByRole("img", { name: /^Latency over the last 6 hours\. API: average \d/ });
    await chart.waitFor();
    expect(await latency.innerText()).toMatch(/API \(average \/ slowest\)\s*[\d.,]+ ms \/ [\d.,]+ ms/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "status-latency", { fullPage: true });
    await context.close();
  });
});
