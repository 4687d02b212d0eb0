import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { memberships } from "@/server/db/schema";
import { startN8nStandIn, type N8nStandIn } from "@/server/testing/n8n-stand-in";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { seedVerifiedUser } from "./support/seed";
import { useSuite } from "./support/suite";
import { signInThroughUi } from "./support/users";

// The Agents page against a local n8n that checks our signature: create, Quickstart, test, n8n down, disable.
const SECRET = "d".repeat(64);
let n8n: N8nStandIn;
beforeAll(async () => {
  n8n = await startN8nStandIn({ secret: SECRET });
});
afterAll(async () => {
  await n8n.close();
});
const suite = useSuite(() => ({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET, OUTBOUND_TIMEOUT_MS: "3000" }));

const step = (page: Page, key: string) => page.locator(`[data-step="${key}"]`);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

describe("the agent page", () => {
  it("creates the agent, shows the Quickstart's live state, tests it against n8n up and down, and hides Test when disabled", async () => {
    const { context, page } = await onDashboard(suite, "agent");
    await page.goto("/app/agents");
    await page.getByRole("heading", { name: "AI Agents", level: 1 }).waitFor();
    await page.getByText("Manage your n8n automation agent").waitFor();
    await page.getByRole("heading", { name: "No agent yet" }).waitFor();
    await expect.poll(() => step(page, "secrets").getAttribute("data-state")).toBe("done");
    expect(await step(page, "agent").getAttribute("data-state")).toBe("todo");
    expect(await step(page, "workflow").getAttribute("data-state")).toBe("todo");

    // An empty name is refused in the dialog, before any request.
    await page.getByRole("button", { name: "Create Agent" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Agent" });
    expect(await dialog.getByLabel("Webhook path").inputValue()).toBe("/we-love-hq-agent");
    expect(await dialog.getByLabel("Default project").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.getByText("Name is required").waitFor();
    await dialog.getByLabel("Name").fill("Onboarding agent");
    await dialog.getByRole("button", { name: "Create" }).click();
    await toast(page, "Agent created").waitFor();
    const card = page.getByRole("group", { name: "Agent" });
    await card.getByRole("heading", { name: "Onboarding agent" }).waitFor();
    // One agent per organisation: Create is gone.
    expect(await page.getByRole("button", { name: "Create Agent" }).count()).toBe(0);
    await card.getByText("Not tested yet").waitFor();
    // "Create and test the agent": created is not done until a test passes.
    expect(await step(page, "agent").getAttribute("data-state")).toBe("todo");

    await card.getByRole("button", { name: "Test" }).click();
    await toast(page, "Agent test successful").waitFor();
    await expect.poll(() => step(page, "agent").getAttribute("data-state")).toBe("done");
    expect(n8n.deliveries.at(-1)).toMatchObject({ path: "we-love-hq-agent", verified: true, body: { kind: "ping" } });
    // Passed only on the whole signed round trip: n8n claimed the ping back.
    expect(await toast(page, "Agent test successful").textContent()).toMatch(/n8n verified the signature and called back in \d+ ms/);
    await expect.poll(() => step(page, "workflow").getAttribute("data-state")).toBe("done");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "agents", { fullPage: true });

    // The owner's job list: empty, then a dispatched job appears live, done with one try and n8n's result; the filter narrows it.
    const jobs = page.getByRole("region", { name: "Jobs" });
    await jobs.getByText("No jobs yet. Each call to agent-dispatch adds one here.").waitFor();
    const dispatched = await page.evaluate(async () => {
      const res = await fetch("/functions/v1/agent-dispatch", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ org_id: localStorage.getItem("whq.currentOrgId"), message: "Seed the onboarding project" }),
      });
      return res.json() as Promise<{ ok: boolean }>;
    });
    expect(dispatched.ok).toBe(true);
    const jobRow = jobs.getByRole("row").filter({ hasText: "Seed the onboarding project" });
    await jobRow.getByText("Done", { exact: true }).waitFor();
    await jobRow.getByText("Done: Seed the onboarding project").waitFor();
    expect(await jobRow.getByRole("cell").nth(2).textContent()).toBe("1");
    await screenshotForReview(page, "agent-jobs", { fullPage: true });
    expect(n8n.deliveries.at(-1)).toMatchObject({ verified: true, body: { message: "Seed the onboarding project" } });
    await jobs.getByLabel("State").selectOption("failed");
    await jobs.getByText("No jobs in this state.").waitFor();
    await jobs.getByLabel("State").selectOption("");
    await jobRow.waitFor();

    // n8n's starter refuses a wrong secret with its reason: the Test says so, in words to act on.
    n8n.respondWith(() => ({ status: 401, json: { accepted: false, reason: "the signature does not match" } }));
    try {
      await card.getByRole("button", { name: "Test" }).click();
      await toast(page, "n8n refused the signature (the signature does not match): check N8N_AGENT_SECRET").waitFor();
      expect(await toast(page, "check N8N_AGENT_SECRET").textContent()).toContain("Test Failed");
    } finally {
      n8n.respondWith(null);
    }

    n8n.setDown(true);
    try {
      await card.getByRole("button", { name: "Test" }).click();
      await toast(page, "n8n answered 503").waitFor();
      expect(await toast(page, "n8n answered 503").textContent()).toContain("Test Failed");
    } finally {
      n8n.setDown(false);
    }
    await card.getByText(/^Failed .*n8n answered 503/).waitFor();

    await card.getByRole("button", { name: "Edit Agent" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Agent" });
    await edit.getByLabel("Name").fill("Ops agent");
    await edit.getByLabel("Description").fill("Seeds new organisations");
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(page, "Agent updated").waitFor();
    await card.getByRole("heading", { name: "Ops agent" }).waitFor();
    await card.getByText("Seeds new organisations").waitFor();

    await card.getByRole("switch", { name: "Enable Ops agent" }).click();
    await toast(page, "Agent disabled").waitFor();
    await card.getByText("Enable the agent to test it.").waitFor();
    expect(await card.getByRole("button", { name: "Test" }).count()).toBe(0);

    // The dashboard says what was checked: disabled, and that its last test failed; never 'Ready'.
    await page.goto("/app/dashboard");
    const agentsTile = page.getByRole("link", { name: /AI Agents/ });
    await expect.poll(() => agentsTile.textContent()).toMatch(/DisabledLast test failed/);
    expect(await page.getByRole("list", { name: "Overview" }).textContent()).not.toMatch(/Ready|Active/);
    await screenshotForReview(page, "dashboard-tiles");

    // Deleting asks first; afterwards a new agent may be created.
    await page.goto("/app/agents");
    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete Ops agent?" }).getByRole("button", { name: "Delete agent" }).click();
    await toast(page, "Agent deleted").waitFor();
    await page.getByRole("button", { name: "Create Agent" }).waitFor();
    await context.close();
  });

  it("shows a member the agent read-only, with the reason", async () => {
    const { context: ownerContext, api, orgId } = await onDashboard(suite, "agent-owner");
    await api("POST", "/agents/agent", { name: "Shared agent" });
    await ownerContext.close();
    const member = await seedVerifiedUser(suite.server, "agent-member");
    await suite.server.services.database.db.insert(memberships).values({ orgId, userId: member.id, role: "member" });
    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await signInThroughUi(page, member);
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    await page.goto("/app/agents");
    const card = page.getByRole("group", { name: "Agent" });
    await card.getByRole("heading", { name: "Shared agent" }).waitFor();
    await page.getByText("Only an organisation owner can create, edit, enable, test or delete the agent.").waitFor();
    expect(await card.getByRole("switch").isDisabled()).toBe(true);
    expect(await card.getByRole("button", { name: "Edit Agent" }).isDisabled()).toBe(true);
    // The job list is the owner's (jobs.read); a member is not shown an empty table.
    expect(await page.getByRole("region", { name: "Jobs" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "agents-member", { fullPage: true });
    await context.close();
  });
});
