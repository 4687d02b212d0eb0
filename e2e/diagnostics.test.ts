import { describe, expect, it } from "vitest";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// /app/diagnostics: an owner sees this server's real figures, refreshed on demand, in a page that
// never shows a path with an id.
const suite = useSuite();

describe("diagnostics", () => {
  it("shows the owner request rates, routes, queries, the queue and versions, and refreshes them", async () => {
    const { context, page, api, orgId } = await onDashboard(suite, "diag");
    const missing = crypto.randomUUID();
    await api("GET", `/tasks/${missing}`).catch(() => undefined);
    await page.goto("/app/diagnostics");
    await page.getByRole("heading", { name: "Diagnostics", level: 1 }).waitFor();
    await page.getByText("Request rates and slow queries are the whole server's", { exact: false }).waitFor();

    const requests = page.getByTestId("rate-requests");
    await requests.waitFor();
    const before = Number((await requests.textContent())!.replace(/\D/g, ""));
    expect(before).toBeGreaterThan(0);
    expect(await page.locator("[data-sparkline]").count()).toBe(3);
    const routes = page.getByRole("region", { name: "Routes" });
    await routes.getByRole("rowheader", { name: "GET /api/v1/organisations", exact: true }).waitFor();
    await routes.getByRole("rowheader", { name: "GET /api/v1/organisations/:orgId/tasks/:taskId", exact: true }).waitFor();
    await page.getByRole("region", { name: "Most time in the database" }).locator("code").first().waitFor();
    await page.getByRole("region", { name: "Job queue" }).getByTestId("agent-job-states").waitFor();
    await page.getByRole("region", { name: "Versions" }).getByText(/^PGlite \(embedded PostgreSQL \d+/).waitFor();

    // The snapshot that showed this page was taken before its own request was counted; Refresh counts it.
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(async () => Number((await requests.textContent())!.replace(/\D/g, ""))).toBeGreaterThan(before);
    await routes.getByRole("rowheader", { name: "GET /api/v1/organisations/:orgId/diagnostics", exact: true }).waitFor();

    const text = await page.locator("main").innerText();
    expect(text).not.toContain(orgId);
    expect(text).not.toContain(missing);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "diagnostics", { fullPage: true });
    await context.close();
  });
});
