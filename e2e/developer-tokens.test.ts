import { describe, expect, it } from "vitest";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// Personal access tokens: what only a browser shows — the secret once, the copy, the list, the revoke.
const suite = useSuite();

describe("developer tokens", () => {
  it("creates a token shown once, which works from a script until it is revoked", async () => {
    const { context, page, orgId } = await onDashboard(suite, "developer-tokens");
    await page.goto("/app/settings?tab=security");
    await page.getByText("You have no access tokens.").waitFor();

    await page.getByRole("button", { name: "Create token" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an access token" });
    await dialog.getByRole("button", { name: "Create token" }).click();
    await dialog.getByText("Name is required").waitFor();
    await dialog.getByLabel("Name").fill("Deploy script");
    await dialog.getByLabel("Scope").selectOption("write");
    await dialog.getByLabel("Expires after").selectOption("30");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Create token" }).click();

    const shown = page.getByRole("dialog", { name: "Copy your new token" });
    await shown.getByText("This is the only time the token is shown.", { exact: false }).waitFor();
    const secret = await shown.getByLabel("Token Deploy script").inputValue();
    expect(secret).toMatch(/^whq_pat_[A-Za-z0-9_-]{43}$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "developer-token-created");
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "detached" });

    const list = page.getByRole("list", { name: "Your access tokens" });
    await list.getByText("Deploy script").waitFor();
    await list.getByText("Never used").waitFor();
    expect(await page.content()).not.toContain(secret);

    // A script: no cookie, no origin, only the token.
    const planes = `${suite.server.url}/api/v1/organisations/${orgId}/planes`;
    const asScript = (init: RequestInit = {}) => fetch(planes, { ...init, headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" } });
    expect((await asScript()).status).toBe(200);
    expect((await asScript({ method: "POST", body: JSON.stringify({ name: "From a script" }) })).status).toBe(201);

    await page.reload();
    await list.getByText(/^Last used /).waitFor();
    await list.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "developer-tokens-list");

    await list.getByRole("button", { name: "Revoke the token Deploy script" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke Deploy script?" });
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("Token Deploy script revoked").waitFor();
    await page.getByText("You have no access tokens.").waitFor();
    const refused = await asScript();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });
    await context.close();
  });

  it("serves a readable API reference that passes the CSP and axe, operable by keyboard", async () => {
    const { context, page } = await onDashboard(suite, "developer-docs");
    const blocked: string[] = [];
    page.on("console", (m) => m.type() === "error" && blocked.push(m.text()));
    await page.goto("/api/docs");
    await page.getByRole("heading", { name: "We Love HQ API", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Tasks", level: 2 }).waitFor();
    const create = page.locator("details", { has: page.locator("summary", { hasText: "/api/v1/organisations/{orgId}/tasks" }) }).filter({ hasText: "Create a task" });
    await create.locator("summary").focus();
    await page.keyboard.press("Enter");
    await create.getByText("Request body (application/json)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await create.scrollIntoViewIfNeeded();
    await screenshotForReview(page, "api-reference");
    expect(blocked).toEqual([]);
    await context.close();
  });
});
