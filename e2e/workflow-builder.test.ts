import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startN8nApiStandIn, type N8nApiStandIn } from "@/server/testing/n8n-api-stand-in";
import { sampleDraft } from "@/server/testing/workflow-fixtures";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// The builder as a user meets it: a webhook -> condition -> two branches workflow built on the
// canvas by mouse and keyboard, saved, reopened after a reload, exported, imported back, undo/redo.
let n8n: N8nApiStandIn;
beforeAll(async () => {
  n8n = await startN8nApiStandIn();
});
afterAll(async () => {
  await n8n.close();
});
const suite = useSuite(() => ({ N8N_BASE: n8n.url, OUTBOUND_TIMEOUT_MS: "3000" }));

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const canvas = (page: Page) => page.getByTestId("workflow-canvas");
const node = (page: Page, name: string) => page.locator(`[data-testid="workflow-node"][data-node-name="${name}"]`);
const count = async (page: Page, what: "node" | "edge") => Number(await canvas(page).getAttribute(`data-${what}-count`));
const palette = (page: Page, type: string) => page.getByRole("region", { name: "Node Palette" }).getByRole("button", { name: new RegExp(`^${type}`) });
const panel = (page: Page) => page.getByTestId("node-parameters");

async function dragBetween(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe("the workflow builder", () => {
  it("builds a webhook -> condition -> two branches workflow, saves, reopens, exports, imports the export, and undoes", async () => {
    const { context, page } = await onDashboard(suite, "builder");
    await page.goto("/app/workflow-builder");
    await page.getByRole("heading", { name: "Workflow Builder", level: 1 }).waitFor();
    await page.getByText("Create and manage automated workflows").waitFor();
    await page.getByText("0 workflows").waitFor();
    await page.getByRole("heading", { name: "No Workflow Selected" }).waitFor();
    await page.getByRole("button", { name: "Create New Workflow" }).click();
    await page.getByRole("heading", { name: "Create Workflow" }).waitFor();
    await page.locator('[data-testid="workflow-canvas"][data-ready="true"]').waitFor();
    expect(await count(page, "node")).toBe(1);

    // A name first (spec toast), then a workflow n8n can run.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Please provide a workflow name").waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Order triage");

    // Keyboard: with the webhook selected, Enter on a palette item appends the node after it, connected.
    await node(page, "Webhook").click();
    await palette(page, "Condition").focus();
    await page.keyboard.press("Enter");
    await node(page, "If").waitFor();
    expect(await count(page, "edge")).toBe(1);
    await page.getByText("If: Enter the value to compare").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Fix the problems listed above the canvas first.").waitFor();
    await panel(page).getByLabel("Value").fill("={{ $json.body.total }}");
    await panel(page).getByLabel("Comparison").selectOption({ label: "is greater than" });
    await panel(page).getByLabel("Compare with").fill("100");

    // The true branch: appended after the selected condition, from its first output.
    await palette(page, "HTTP Request").click();
    await node(page, "HTTP Request").waitFor();
    await panel(page).getByLabel("URL").fill("https://api.example.eu/orders");
    await panel(page).getByLabel("HTTP Method").selectOption("POST");

    // The false branch by mouse: a free node, connected by dragging from the condition's false port.
    await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
    await palette(page, "Transform Data").click();
    await node(page, "Edit Fields").waitFor();
    await page.getByRole("button", { name: "Fit to screen" }).click();
    // Fitting animates for 200 ms: drag once the view holds still, or the ports move under the mouse.
    let view: string | null = null;
    await expect
      .poll(async () => {
        const [before, now] = [view, await page.locator(".react-flow__viewport").getAttribute("style")];
        view = now;
        return before === now;
      }, { interval: 100 })
      .toBe(true);
    const falsePort = page.locator(".react-flow__node").filter({ has: node(page, "If") }).locator('.react-flow__handle[data-handleid="main:1"]');
    const transformInput = page.locator(".react-flow__node").filter({ has: node(page, "Edit Fields") }).locator('.react-flow__handle[data-handleid="main:0"].target');
    await dragBetween(page, falsePort, transformInput);
    await expect.poll(() => count(page, "edge")).toBe(3);
    await node(page, "Edit Fields").click();
    await panel(page).getByRole("button", { name: "Add field" }).click();
    await panel(page).getByLabel("Field 1 name").fill("queue");
    await panel(page).getByLabel("Field 1 value").fill("standard");

    // Dragged from the palette onto the canvas; deleted by keyboard, undone, removed from the node list, undone and redone.
    // Canvas and palette item both in view: a drag that has to scroll loses its target.
    await canvas(page).evaluate((el) => el.scrollIntoView({ block: "start" }));
    await palette(page, "Code").dragTo(canvas(page), { targetPosition: { x: 320, y: 140 } });
    await node(page, "Code").waitFor();
    await node(page, "Code").click();
    await page.keyboard.press("Delete");
    await expect.poll(() => node(page, "Code").count()).toBe(0);
    await page.keyboard.press("Control+z");
    await node(page, "Code").waitFor();
    await page.getByText("5 nodes in this workflow").click();
    await page.getByRole("button", { name: "Remove Code" }).click();
    await expect.poll(() => node(page, "Code").count()).toBe(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await node(page, "Code").waitFor();
    await page.getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => node(page, "Code").count()).toBe(0);
    expect(await count(page, "node")).toBe(4);
    expect(await count(page, "edge")).toBe(4 - 1);
    expect(await page.getByTestId("workflow-problems").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "workflow-builder-canvas");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Workflow saved successfully").waitFor();
    await page.getByRole("heading", { name: "No Workflow Selected" }).waitFor();
    const listed = page.getByTestId("workflow-list").getByRole("button", { name: /^Order triage/ });
    await expect.poll(() => listed.textContent()).toMatch(/Order triage.*No description.*4 nodes.*Webhook/);

    // A reload keeps nothing in the browser: the saved workflow comes back from the server.
    await page.reload();
    await listed.click();
    await page.getByRole("heading", { name: "Edit Workflow" }).waitFor();
    await page.locator('[data-testid="workflow-canvas"][data-ready="true"]').waitFor();
    expect([await count(page, "node"), await count(page, "edge")]).toEqual([4, 3]);
    await screenshotForReview(page, "workflow-builder-reopened");
    expect(await page.locator(".react-flow__edge-text").allTextContents()).toEqual(expect.arrayContaining(["true", "false"]));

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export to n8n" }).click()]);
    await toast(page, "Workflow exported for n8n import").waitFor();
    expect(download.suggestedFilename()).toBe("order-triage.json");
    const exportedPath = (await download.path())!;
    const exported = JSON.parse(await readFile(exportedPath, "utf8")) as { nodes: { name: string; type: string; position: unknown }[]; connections: Record<string, { main: unknown[][] }>; settings: Record<string, unknown> };
    expect(exported.nodes.map((n) => n.type).sort()).toEqual(["n8n-nodes-base.httpRequest", "n8n-nodes-base.if", "n8n-nodes-base.set", "n8n-nodes-base.webhook"]);
    expect(exported.connections.If!.main).toEqual([[{ node: "HTTP Request", type: "main", index: 0 }], [{ node: "Edit Fields", type: "main", index: 0 }]]);
    expect(exported.settings).toMatchObject({ executionOrder: "v1", executionTimeout: 30 });

    // Importing the export opens it as a new workflow with the same graph.
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import an n8n workflow" });
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("Paste the workflow JSON or choose a file first.").waitFor();
    // A slow disk: Import pressed while the file is still being read waits for it.
    await page.evaluate(() => {
      const text = Blob.prototype.text;
      Blob.prototype.text = function (this: Blob) {
        return new Promise((resolve) => setTimeout(resolve, 500)).then(() => text.call(this));
      };
    });
    await dialog.getByLabel("Choose a .json file").setInputFiles(exportedPath);
    await dialog.getByRole("button", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Create Workflow" }).waitFor();
    await page.getByTestId("import-report").getByText("4 nodes can be edited here.").waitFor();
    expect([await count(page, "node"), await count(page, "edge")]).toEqual([4, 3]);

    // Unsaved changes are not lost silently.
    await page.locator('nav a[href="/app/dashboard"]').first().click();
    const unsaved = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await unsaved.getByRole("button", { name: "Keep editing" }).click();
    expect(new URL(page.url()).pathname).toBe("/app/workflow-builder");
    await screenshotForReview(page, "workflow-builder-imported");
    // The canvas follows the theme; both pass axe.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.locator("html.dark").waitFor({ state: "attached" });
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "workflow-builder-dark");
    await context.close();
  });

  it("deploys a saved workflow to n8n after asking for the API key, activates it, and says whether n8n's copy matches", async () => {
    const { context, page, api } = await onDashboard(suite, "deployer");
    // Another tab on the builder hears of the new workflow without a reload.
    const other = await context.newPage();
    await other.goto("/app/workflow-builder");
    await other.getByText("No workflows yet. Create one with New Workflow.").waitFor();
    const { workflow } = await api<{ workflow: { id: string } }>("POST", "/workflows", sampleDraft("Order intake"));
    await other.getByTestId("workflow-list").getByRole("button", { name: /^Order intake/ }).waitFor();
    await other.close();
    await page.goto(`/app/workflow-builder?id=${workflow.id}`);
    await page.getByRole("heading", { name: "Edit Workflow" }).waitFor();
    await page.getByRole("button", { name: "Deploy to n8n" }).click();
    const dialog = page.getByRole("dialog", { name: "Deploy to n8n" });
    await dialog.getByText("Not configured").waitFor();
    expect(await dialog.getByRole("button", { name: "Deploy to n8n" }).isDisabled()).toBe(true);

    // A wrong key is refused by n8n and said so; the right one unlocks Deploy.
    await dialog.getByLabel("n8n API key").fill("wrong-key");
    await dialog.getByRole("button", { name: "Save key" }).click();
    await dialog.getByRole("alert").filter({ hasText: /401/ }).waitFor();
    await dialog.getByLabel("n8n API key").fill(n8n.apiKey);
    await dialog.getByRole("button", { name: "Save key" }).click();
    await dialog.getByText("Not deployed", { exact: true }).waitFor();
    await dialog.getByLabel("Activate after deploy").check();
    await dialog.getByRole("button", { name: "Deploy to n8n" }).click();
    await toast(page, "Deployed to n8n").waitFor();
    await dialog.getByText("In sync with n8n").waitFor();
    await dialog.getByText("Active in n8n").waitFor();
    expect(n8n.calls.filter((c) => c.path.startsWith("/api/v1/workflows")).map((c) => `${c.method} ${c.path.replace(/workflows\/\w+/, "workflows/:id")}`)).toEqual(expect.arrayContaining(["POST /api/v1/workflows", "POST /api/v1/workflows/:id/activate"]));
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "workflow-builder-deployed");

    // Someone edits it in n8n: the builder no longer claims it is in sync.
    const [copy] = [...n8n.workflows.values()];
    copy!.nodes = copy!.nodes.map((n) => (n.name === "Notify" ? { ...n, parameters: { ...(n.parameters as object), url: "https://changed.example" } } : n));
    await dialog.getByRole("button", { name: "Check again" }).click();
    await dialog.getByText("Differs from the saved workflow", { exact: true }).waitFor();
    await context.close();
  });
});
