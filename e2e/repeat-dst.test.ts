import { describe, expect, it } from "vitest";
import { membershipsOf, seedVerifiedUser } from "./support/seed";
import { skipOnboarding } from "./support/onboarding";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

// A weekly 09:00 Berlin task done in the week before summer time starts (Sunday 28 March 2027):
// the next one is again at 09:00 on a Berlin clock, not at the same UTC instant (10:00 CEST).
// The rule itself is a server test (next-occurrence.test.ts); this is what a person in Berlin sees.
const suite = useSuite();

describe("a weekly repeat across daylight saving", () => {
  it("keeps 09:00 Berlin time for the next task", async () => {
    const user = await seedVerifiedUser(suite.server, "repeat-dst");
    const context = await suite.browser.newContext({ baseURL: suite.server.url, timezoneId: "Europe/Berlin", locale: "en-GB", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await skipOnboarding(context);
    await signInThroughUi(page, user);
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    const [m] = await membershipsOf(suite.server, user.id);
    const api = async <T,>(method: string, path: string, data?: unknown) => {
      const res = await page.request.fetch(`/api/v1/organisations/${m!.orgId}${path}`, { method, data });
      if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const { plane } = await api<{ plane: { id: string } }>("POST", "/planes", { name: "Week" });
    const { project } = await api<{ project: { id: string } }>("POST", "/projects", { plane_id: plane.id, name: "Rituals" });
    // Monday 22 March 2027, 09:00 CET (08:00 UTC), every Monday in Berlin's wall time.
    const { task } = await api<{ task: { id: string } }>("POST", "/tasks", { project_id: project.id, title: "Weekly planning", due_at: "2027-03-22T08:00:00.000Z", repeat: { rule: "FREQ=WEEKLY;BYDAY=MO", tz: "Europe/Berlin", from: "due" } });

    // Done in the browser, on the task's page.
    await page.goto(`/app/tasks/${task.id}`);
    await page.getByRole("combobox", { name: "Status" }).selectOption("done");
    await expect.poll(async () => ((await api<{ task: { status: string } }>("GET", `/tasks/${task.id}`)).task.status), { timeout: 10_000 }).toBe("done");

    // The next one, as the list shows it on a Berlin clock: Monday 29 March, 09:00 (07:00 UTC).
    await page.goto("/app/tasks?status=todo");
    const row = page.locator("[data-task-id]").filter({ hasText: "Weekly planning" });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    const time = row.locator("time");
    expect(new Date((await time.getAttribute("datetime"))!).toISOString()).toBe("2027-03-29T07:00:00.000Z");
    const shown = (await time.textContent()) ?? "";
    expect(shown).toContain("29");
    expect(shown).toMatch(/\b0?9:00\b/);
    expect(shown).not.toMatch(/\b10:00\b/);
    await context.close();
  });
});
