import ICAL from "ical.js";
import { afterAll, describe, expect, it } from "vitest";
import { startGoogleStandIn } from "@/server/testing/google-stand-in";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// The Calendar card: what only a browser shows — the feed URL once, copied, and what a calendar app then reads.
// Google's OAuth and Calendar API are a stand-in on 127.0.0.1 that approves at once.
const google = await startGoogleStandIn({ clientId: "whq-e2e.apps.googleusercontent.com" });
afterAll(() => google.close());
const suite = useSuite({ GOOGLE_OAUTH_CLIENT_ID: "whq-e2e.apps.googleusercontent.com", GOOGLE_OAUTH_CLIENT_SECRET: "e2e-client-secret", GOOGLE_OAUTH_AUTH_BASE: google.url, GOOGLE_OAUTH_TOKEN_URL: google.url, GOOGLE_CALENDAR_API_BASE: google.apiBase });

describe("calendar feed", () => {
  it("creates the feed on the Calendar card, copies its URL, and a real parser reads the user's tasks from it", async () => {
    const { context, page, project, task, userId } = await onDashboard(suite, "calendar-feed");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const garden = await project("Garden");
    await task(garden, "Paint the fence, twice", { due_at: "2030-06-01T15:30:00.000Z", assignee_id: userId });
    await task(garden, "Water the roses", { due_at: "2030-06-02T07:00:00.000Z" });

    await page.goto("/app/integrations");
    const card = page.getByRole("group", { name: "Calendar", exact: true });
    await card.getByText("Feed off", { exact: true }).waitFor();
    // No organisation switch on this card: the feed is each user's own.
    expect(await page.getByRole("switch", { name: "Connect Calendar" }).count()).toBe(0);
    await card.getByRole("button", { name: "Create my feed URL" }).click();
    await page.getByText("Your calendar feed is on").waitFor();
    await card.getByText("Not read by a calendar app yet").waitFor();
    await card.getByRole("button", { name: "Copy the feed URL" }).click();
    await page.getByText("Feed URL copied").waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/api\/v1\/calendar-feeds\/whq_cal_[A-Za-z0-9_-]{43}\.ics$/);
    expect(await card.getByLabel("Your private feed URL (shown only now)").inputValue()).toBe(url);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "calendar-feed-created");

    // A calendar app: no cookie, only the URL.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.summary, e.startDate.toJSDate().toISOString()])).toEqual([["Paint the fence, twice", "2030-06-01T15:30:00.000Z"]]);

    // Adding the project brings its other dated task in; the card now says the feed was read.
    await page.reload();
    await card.getByText(/^Last read by a calendar app /).waitFor();
    expect(await card.getByTestId("calendar-feed-url").count()).toBe(0);
    await card.getByText("Also include projects (0 chosen)").click();
    // The tick shows at once; the feed follows once the server has saved it.
    const saved = page.waitForResponse((r) => r.url().endsWith("/calendar-feed/projects") && r.request().method() === "PUT");
    // The box follows the server's answer, not the click: check() would judge it too early on a loaded machine.
    await card.getByLabel("Garden").click();
    await expect.poll(() => card.getByLabel("Garden").isChecked(), { timeout: 15_000 }).toBe(true);
    await card.getByText("Also include projects (1 chosen)").waitFor();
    expect((await saved).ok()).toBe(true);
    const again = new ICAL.Component(ICAL.parse(await (await fetch(url)).text()));
    expect(again.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).summary).sort()).toEqual(["Paint the fence, twice", "Water the roses"]);
    await screenshotForReview(page, "calendar-feed-projects");

    // Turning it off stops the URL at once.
    await card.getByRole("button", { name: "Turn feed off" }).click();
    await page.getByRole("alertdialog", { name: "Turn your calendar feed off?" }).getByRole("button", { name: "Turn feed off" }).click();
    await card.getByText("Feed off", { exact: true }).waitFor();
    expect((await fetch(url)).status).toBe(404);
    await context.close();
  });

  it("connects Google Calendar through Google's consent page, puts a dated task on it, and disconnects", async () => {
    const { context, page, project, task, userId } = await onDashboard(suite, "google-calendar");
    const garden = await project("Orchard");
    await task(garden, "Prune the apple trees", { due_at: "2030-03-01T09:00:00.000Z", assignee_id: userId });
    await page.goto("/app/integrations");
    const panel = page.getByTestId("google-calendar");
    await panel.getByTestId("google-calendar-state").getByText("Not connected").waitFor();
    // Our server, then Google's consent page (the stand-in approves), then our callback, then back here.
    await panel.getByRole("link", { name: "Connect Google Calendar" }).click();
    await page.getByText("Google Calendar connected").waitFor({ timeout: 20_000 });
    await panel.getByTestId("google-calendar-state").getByText("Connected").waitFor();
    expect(new URL(page.url()).search).toBe("");
    await expect.poll(() => panel.getByText(/· 1 task on your calendar$/).count(), { timeout: 20_000, interval: 500 }).toBe(1);
    await screenshotForReview(page, "google-calendar-connected");
    await panel.getByRole("button", { name: "Disconnect Google Calendar" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect Google Calendar" }).click();
    await panel.getByTestId("google-calendar-state").getByText("Not connected").waitFor();
    expect(google.revoked).toHaveLength(1);
    await context.close();
  });
});
