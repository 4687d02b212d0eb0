import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { rateLimit } from "@/server/db/schema";
import { newPage } from "./support/browser";
import { uniqueEmail } from "./support/users";
import { useSuite } from "./support/suite";

// A file of its own: its server's fresh database holds no earlier sign-in attempts from 127.0.0.1.
const suite = useSuite();

async function submitAndAwaitStatus(page: Page): Promise<{ status: number; retryAfter: number }> {
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const response = await answered;
  return { status: response.status(), retryAfter: Number(response.headers()["retry-after"]) };
}

describe("sign-in rate limit", () => {
  it("the 11th failed sign-in within a minute is told how many seconds to wait", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto("/auth");
    await page.getByLabel("Email").fill(uniqueEmail("limited"));
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    for (let i = 1; i <= 10; i++) expect((await submitAndAwaitStatus(page)).status, `attempt ${i}`).toBe(401);
    await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();

    // Age the counter by 45 s: the suite.server then asks for about 15 more seconds, and the message must say so.
    await suite.server.services.database.db.update(rateLimit).set({ lastRequest: Date.now() - 45_000 }).where(eq(rateLimit.key, "127.0.0.1|/sign-in/email"));
    const limited = await submitAndAwaitStatus(page);
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.retryAfter).toBeLessThanOrEqual(16);

    const alert = page.getByRole("alert").filter({ hasText: "Too many attempts. Please wait" });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(`Too many attempts. Please wait ${limited.retryAfter} seconds and try again.`);
    await context.close();
  });
});
