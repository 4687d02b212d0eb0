import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { unsubscribeQuery } from "@/shared/inbox";
import type { AppEnv } from "../../context";
import { user } from "../../db/schema";
import { parseWith } from "../../lib/parse";
import { mailText } from "../../mail/mail-text";
import { turnTaskMailOff } from "./email-settings";
import { userOfUnsubscribeToken } from "./unsubscribe-token";

/** The token's user, or null; the token is the only proof (no session: a mail client calls this). */
async function personOf(c: Context<AppEnv>) {
  const { token } = parseWith(unsubscribeQuery, c.req.query());
  const { env, database } = c.get("services");
  const userId = userOfUnsubscribeToken(env.SECRET_KEY, token);
  if (!userId) return null;
  const [row] = await database.db.select({ id: user.id, email: user.email, locale: user.locale }).from(user).where(eq(user.id, userId));
  return row ? { ...row, token } : null;
}

const page = (locale: string | null, title: string, body: ReturnType<typeof html>) =>
  html`<!doctype html><html lang="${locale ?? "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1>${body}</body></html>`;

/**
 * /api/v1/unsubscribe?token=… (RFC 8058). GET shows a page with one button (link scanners open
 * links; they must not unsubscribe anyone); POST, from that button or a mail client's one-click
 * (body List-Unsubscribe=One-Click), turns the user's task mail off.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const person = await personOf(c);
    if (!person) return c.html(page(null, mailText(null, "unsubscribe.title"), html`<p>${mailText(null, "unsubscribe.invalid")}</p>`), 404);
    const t = (key: Parameters<typeof mailText>[1]) => mailText(person.locale, key, { email: person.email });
    return c.html(page(person.locale, t("unsubscribe.title"), html`<p>${t("unsubscribe.confirm")}</p><form method="post" action="?token=${person.token}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t("unsubscribe.button")}</button></form>`));
  })
  .post("/", async (c) => {
    const person = await personOf(c);
    if (!person) return c.html(page(null, mailText(null, "unsubscribe.title"), html`<p>${mailText(null, "unsubscribe.invalid")}</p>`), 404);
    await turnTaskMailOff(c.get("services").database.db, person.id, c.get("services").clock.now());
    return c.html(page(person.locale, mailText(person.locale, "unsubscribe.title"), html`<p>${mailText(person.locale, "unsubscribe.done", { email: person.email })}</p>`));
  });
