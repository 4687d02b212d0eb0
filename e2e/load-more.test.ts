import { describe, expect, it } from "vitest";
import { planes, projects } from "@/server/db/schema";
import { axeViolations } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { membershipsOf } from "./support/seed";
import { useSuite } from "./support/suite";

const suite = useSuite();
const PLANES = 55;
const PROJECTS = 62;
const pad = (i: number) => String(i).padStart(2, "0");

/** More planes and projects than one page holds, a second apart so their order is known. */
async function seedMoreThanAPage(orgId: string) {
  const db = suite.server.services.database.db;
  const start = Date.UTC(2030, 0, 1);
  const rows = await db
    .insert(planes)
    .values(Array.from({ length: PLANES }, (_, i) => ({ orgId, name: `Fleet ${pad(i)}`, key: `FL${pad(i)}`, createdAt: new Date(start + i * 1000) })))
    .returning({ id: planes.id });
  const big = rows[0]!.id;
  await db.insert(projects).values(Array.from({ length: PROJECTS }, (_, i) => ({ orgId, planeId: big, name: `Voyage ${pad(i)}`, createdAt: new Date(start + i * 1000) })));
  return big;
}

describe("paged lists", () => {
  it("show the first 50 planes and projects, and the rest on 'Load more'", async () => {
    const { context, page, userId } = await onDashboard(suite, "load-more");
    const [membership] = await membershipsOf(suite.server, userId);
    await seedMoreThanAPage(membership!.orgId);
    const loadMore = page.getByRole("button", { name: "Load more" });

    await page.goto("/app/planes");
    const planeCards = page.getByTestId("plane-card");
    await page.getByRole("link", { name: "Fleet 49", exact: true }).waitFor();
    expect(await planeCards.count()).toBe(50);
    expect(await page.getByRole("link", { name: "Fleet 50", exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await loadMore.click();
    await page.getByRole("link", { name: `Fleet ${PLANES - 1}`, exact: true }).waitFor();
    expect(await planeCards.count()).toBe(PLANES);
    await loadMore.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Fleet 00", exact: true }).click();
    await page.getByRole("heading", { name: "Fleet 00", level: 1 }).waitFor();
    const voyages = page.getByRole("link", { name: /^Voyage \d+$/ });
    await page.getByRole("link", { name: `Voyage ${PROJECTS - 1}` }).waitFor();
    expect(await voyages.count()).toBe(50);
    await page.getByText(`Showing 50 of ${PROJECTS}`).waitFor();
    expect(await page.getByRole("link", { name: "Voyage 11" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await loadMore.click();
    await page.getByRole("link", { name: "Voyage 00" }).waitFor();
    expect(await voyages.count()).toBe(PROJECTS);
    await loadMore.waitFor({ state: "detached" });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
