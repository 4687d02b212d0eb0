import { desc, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
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

/**
 * Signs in over HTTP and gives the page's context the session cookies, then opens /app, where the
 * sign-in form sends a user: for journeys about what comes after signing in. The form itself is
 * walked by the journeys that sign in through it (sign-up-flow, account-journey, auth-errors, …).
 */
export async function signInThroughApi(page: Page, server: TestServer, user: { email: string; password: string }) {
  // As the browser would send them: the session is named after its device, and the server answers in its language.
  const { userAgent, languages } = await page.evaluate(() => ({ userAgent: navigator.userAgent, languages: [...navigator.languages] }));
  const acceptLanguage = languages.map((language, i) => (i === 0 ? language : `${language};q=${(1 - i / 10).toFixed(1)}`)).join(",");
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, "user-agent": userAgent, "accept-language": acceptLanguage },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  await page.context().addCookies(res.headers.getSetCookie().map((header) => cookieFor(server.url, header)));
  await page.goto("/app");
}

/** A Set-Cookie header as Playwright's addCookies takes it, with the attributes the browser would keep. */
function cookieFor(url: string, header: string): Cookie {
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  const at = pair.indexOf("=");
  const cookie: Cookie = { name: pair.slice(0, at), value: pair.slice(at + 1), domain: new URL(url).hostname, path: "/" };
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split("=");
    const name = key.toLowerCase();
    if (name === "path") cookie.path = value;
    else if (name === "httponly") cookie.httpOnly = true;
    else if (name === "secure") cookie.secure = true;
    else if (name === "samesite") cookie.sameSite = value.toLowerCase() === "none" ? "None" : value.toLowerCase() === "strict" ? "Strict" : "Lax";
    else if (name === "max-age") cookie.expires = Date.now() / 1000 + Number(value);
    else if (name === "expires" && cookie.expires === undefined) cookie.expires = Date.parse(value) / 1000;
  }
  return cookie;
}

type Cookie = Parameters<BrowserContext["addCookies"]>[0][number];
