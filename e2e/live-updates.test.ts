import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser";
import { membershipsOf, seedVerifiedUser, type SeededUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

// The change feed: what one tab (or colleague) does shows in another without a reload.
const suite = useSuite();

async function dashboardOf(user: SeededUser) {
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
  await signInThroughUi(page, user);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  return { context, page };
}

describe("live updates", () => {
  it("a task created in one browser appears in another signed in as the same user, counts included", async () => {
    const user = await seedVerifiedUser(suite.server, "live");
    const first = await dashboardOf(user);
    const [membership] = await membershipsOf(suite.server, user.id);
    const base = `/api/v1/organisations/${membership!.orgId}`;
    const plane = (await (await first.page.request.post(`${base}/planes`, { data: { name: "Ops" } })).json()) as { plane: { id: string } };
    await first.page.request.post(`${base}/projects`, { data: { plane_id: plane.plane.id, name: "Launch" } });
    await first.page.reload();
    const second = await dashboardOf(user);
    await second.page.getByText("No tasks yet").waitFor();
    await first.page.getByText("No tasks yet").waitFor();

    await first.page.getByRole("button", { name: "Quick Task" }).click();
    const dialog = first.page.getByRole("dialog", { name: "New Task" });
    await dialog.getByLabel("Title").fill("Ship the release");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await first.page.getByText("Task created").waitFor();

    const url = second.page.url();
    await second.page.getByRole("checkbox", { name: 'Mark "Ship the release" as done' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => second.page.getByRole("tab", { name: /^All/ }).textContent()).toBe("All1");
    expect(second.page.url()).toBe(url);

    // And back: ticking it off in the second browser moves it to Done in the first.
    await second.page.getByRole("checkbox", { name: 'Mark "Ship the release" as done' }).click();
    await expect.poll(() => first.page.getByRole("tab", { name: /^Done/ }).textContent(), { timeout: 10_000 }).toBe("Done1");
    await first.context.close();
    await second.context.close();
  });
});
