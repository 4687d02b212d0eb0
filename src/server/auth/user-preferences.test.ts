import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { devOutbox, user } from "../db/schema";
import { call } from "../testing/http";
import { useTestApp } from "../testing/suite-app";
import { GOOD_PASSWORD, signedInUser, uniqueEmail } from "../testing/users";

const t = useTestApp();
const db = () => t.services.database.db;
const lastMail = async (to: string) => (await db().select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.createdAt)).limit(1))[0];
const mailsTo = async (to: string) => db().select().from(devOutbox).where(eq(devOutbox.to, to));
const sessionUser = async (cookie: string) => ((await call(t.app, "GET", "/api/auth/get-session", { cookie })).body as { user: { locale: string | null; theme: string | null } }).user;

describe("the user's language and theme", () => {
  it("are stored by update-user and come with every session (a new device applies them)", async () => {
    const { cookie, email } = await signedInUser(t.app, db(), "prefs");
    expect(await sessionUser(cookie)).toMatchObject({ locale: null, theme: null });
    const res = await call(t.app, "POST", "/api/auth/update-user", { cookie, body: { locale: "de", theme: "dark" } });
    expect(res.status).toBe(200);
    const other = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
    expect(await sessionUser(other.cookie)).toMatchObject({ locale: "de", theme: "dark" });
  });

  it.each([{ locale: "xx" }, { locale: 5 }, { theme: "neon" }, { locale: "<script>" }])("refuse %j with a 400", async (body) => {
    const { cookie, id } = await signedInUser(t.app, db(), "badprefs");
    const res = await call(t.app, "POST", "/api/auth/update-user", { cookie, body });
    expect(res.status).toBe(400);
    const [row] = await db().select({ locale: user.locale, theme: user.theme }).from(user).where(eq(user.id, id));
    expect(row).toEqual({ locale: null, theme: null });
  });

  it("put the verification mail in the language given at sign-up, else the browser's", async () => {
    const fr = uniqueEmail("fr");
    await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email: fr, password: GOOD_PASSWORD, name: "Amélie", callbackURL: "/", locale: "fr" } });
    expect((await lastMail(fr))?.subject).toMatch(/^Confirmez votre adresse e-mail pour /);

    const de = uniqueEmail("de");
    await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email: de, password: GOOD_PASSWORD, name: "Jonas", callbackURL: "/" }, headers: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.8" } });
    expect((await lastMail(de))?.subject).toMatch(/^Bestätigen Sie Ihre E-Mail-Adresse für /);

    const en = uniqueEmail("en");
    await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email: en, password: GOOD_PASSWORD, name: "Ada", callbackURL: "/" } });
    expect((await lastMail(en))?.subject).toMatch(/^Confirm your email for /);
  });

  it("put the reset mail in the stored language", async () => {
    const { cookie, email } = await signedInUser(t.app, db(), "reset");
    await call(t.app, "POST", "/api/auth/update-user", { cookie, body: { locale: "de" } });
    const res = await call(t.app, "POST", "/api/auth/request-password-reset", { body: { email, redirectTo: "/auth/reset-password" } });
    expect(res.status).toBe(200);
    const mail = (await mailsTo(email)).find((m) => m.text.includes("reset-password"));
    expect(mail?.subject).toMatch(/^Setzen Sie Ihr Passwort für .* zurück$/);
    expect(mail?.text).toContain("Wählen Sie hier ein neues Passwort:");
  });
});
