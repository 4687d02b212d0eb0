import { desc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import type { Db } from "../db/client";
import { devOutbox } from "../db/schema";
import { call } from "./http";

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@example.test`;
export const GOOD_PASSWORD = "lantern-orbit-5521";

/** The newest link in the development outbox for this address. */
export async function latestLink(db: Db, to: string): Promise<string> {
  const [mail] = await db.select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.createdAt)).limit(1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link for ${to}`);
  return link;
}

/** Signs up, follows the verification link and signs in: a cookie for a ready user. */
export async function signedInUser(app: App, db: Db, label = "user") {
  const email = uniqueEmail(label);
  const signUp = await call(app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: `Test ${label}`, callbackURL: "/" } });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const link = new URL(await latestLink(db, email));
  await call(app, "GET", link.pathname + link.search);
  const signIn = await call(app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
  const { id } = (signIn.body as { user: { id: string } }).user;
  return { email, id, cookie: signIn.cookie };
}
