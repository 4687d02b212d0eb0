import { eq } from "drizzle-orm";
import { memberships, platformOperators, user } from "@/server/db/schema";
import type { TestServer } from "./server";
import { PASSWORD, uniqueEmail } from "./users";

export type SeededUser = { id: string; email: string; password: string; name: string };

/**
 * A verified account made through better-auth's server API rather than HTTP, so it does not
 * count against the sign-up rate limit (5 a minute from 127.0.0.1) when a file needs many users.
 */
export async function seedVerifiedUser(server: TestServer, label = "user"): Promise<SeededUser> {
  const email = uniqueEmail(label);
  const name = `Test ${label}`;
  await server.services.auth.api.signUpEmail({ body: { email, password: PASSWORD, name, callbackURL: "/" } });
  const [row] = await server.services.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email)).returning({ id: user.id });
  if (!row) throw new Error(`seeding ${email} failed`);
  return { id: row.id, email, password: PASSWORD, name };
}

/** Names a seeded user one of the platform's operators, as `npm run operator -- add` would (only the file's first verified account is one by itself). */
export async function makeOperator(server: TestServer, userId: string): Promise<void> {
  await server.services.database.db.insert(platformOperators).values({ userId, source: "cli" }).onConflictDoNothing();
}

export async function membershipsOf(server: TestServer, userId: string) {
  return server.services.database.db.select().from(memberships).where(eq(memberships.userId, userId));
}

/** Far enough ahead to be past the 14-day Professional trial every new organisation starts with. */
export const PAST_TRIAL_MS = 15 * 24 * 3600 * 1000;

/** Runs `fn` with the server's clock past the trial, and puts the clock back whatever happens. */
export async function withClockAfterTrial<T>(server: TestServer, fn: () => Promise<T>): Promise<T> {
  server.services.clock.now = () => new Date(Date.now() + PAST_TRIAL_MS);
  try {
    return await fn();
  } finally {
    server.services.clock.now = () => new Date();
  }
}
