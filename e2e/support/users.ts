import { desc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { devOutbox } from "@/server/db/schema";
import type { TestServer } from "./server";

import { uniqueEmail } from "@/server/testing/users";

export const PASSWORD = "lantern-orbit-5521";

export { uniqueEmail };

/** The newest link mailed to this address, read from the development outbox. */
export async function mailedLink(server: TestServer, to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [mail] = await server.services.database.db.select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.createdAt)).limit(1);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

/**
 * An account signed up over HTTP, as the sign-up form does it: its address not yet confirmed, the
 * link (to `callbackURL` once confirmed) in the development outbox.
 */
export async function signUpThroughApi(server: TestServer, label = "user", callbackURL = "/"): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail(label);
  const name = `Test ${label}`;
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email, password: PASSWORD, name, callbackURL }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { email, password: PASSWORD, name };
}

/** Fills and sends the sign-in form of the page as it is. */
export async function submitSignInForm(page: Page, user: { email: string; password: string }) {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signInThroughUi(page: Page, user: { email: string; password: string }) {
  await page.goto("/auth");
  await submitSignInForm(page, user);
}
