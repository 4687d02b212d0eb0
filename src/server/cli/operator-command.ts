import { asc, eq, sql } from "drizzle-orm";
import { openDatabase, type Db } from "../db/client";
import { platformOperators, user } from "../db/schema";
import { EnvError, loadEnv, type Env } from "../env";
import { operatorEmails } from "../lib/operators";

const usage = "Usage: npm run operator -- add <email> | remove <email> | list";

type Print = (line: string) => void;

async function findUser(db: Db, email: string) {
  const [found] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return found ?? null;
}

/** add, remove or list the platform's operators on an open database; returns the exit code. */
export async function runOperatorCommand(db: Db, env: Pick<Env, "OPERATOR_EMAILS">, args: string[], print: Print): Promise<number> {
  const [verb, email] = args;
  if (verb === "list" && !email) {
    const rows = await db.select({ email: user.email, source: platformOperators.source, since: platformOperators.createdAt }).from(platformOperators).innerJoin(user, eq(user.id, platformOperators.userId)).orderBy(asc(platformOperators.createdAt));
    for (const r of rows) print(`${r.email} (${r.source === "first_account" ? "the first verified account" : "added with npm run operator"}, since ${r.since.toISOString()})`);
    const named = operatorEmails(env);
    for (const e of named) print(`${e} (OPERATOR_EMAILS, once its account is verified)`);
    if (rows.length === 0 && named.length === 0) print("No operator yet: the first verified account becomes the operator.");
    return 0;
  }
  if ((verb !== "add" && verb !== "remove") || !email || args.length !== 2) {
    print(usage);
    return 1;
  }
  const found = await findUser(db, email);
  if (!found) {
    print(`No account has the address ${email}; sign up first, then run this again.`);
    return 1;
  }
  if (verb === "add") {
    if (!found.emailVerified) {
      print(`${found.email} has not confirmed its address yet; operators are verified accounts only.`);
      return 1;
    }
    const added = await db.insert(platformOperators).values({ userId: found.id, source: "cli" }).onConflictDoNothing().returning({ userId: platformOperators.userId });
    print(added.length > 0 ? `${found.email} is now an operator.` : `${found.email} was already an operator.`);
    return 0;
  }
  const [row] = await db.select({ userId: platformOperators.userId }).from(platformOperators).where(eq(platformOperators.userId, found.id)).limit(1);
  if (!row) {
    const named = operatorEmails(env).includes(found.email.toLowerCase());
    print(named ? `${found.email} is an operator through OPERATOR_EMAILS: take it out of that setting instead.` : `${found.email} was not an operator.`);
    return named ? 1 : 0;
  }
  // With nobody left and no OPERATOR_EMAILS, the first verified account would take it again: say so rather than pretend.
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(platformOperators)) as [{ n: number }];
  if (n <= 1 && operatorEmails(env).length === 0) {
    print(`${found.email} is the only operator: add another (or set OPERATOR_EMAILS) before removing it.`);
    return 1;
  }
  await db.delete(platformOperators).where(eq(platformOperators.userId, found.id));
  print(`${found.email} is no longer an operator.`);
  return 0;
}

/** npm run operator -- …: opens the database the server uses (DATABASE_URL or DATA_DIR), runs, closes. */
export async function operatorCommand(source: NodeJS.ProcessEnv, args: string[], print: Print): Promise<number> {
  let env;
  try {
    env = loadEnv(source);
  } catch (error) {
    print(error instanceof EnvError ? error.message : String(error));
    return 1;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await runOperatorCommand(database.db, env, args, print);
  } catch (error) {
    print(`Nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close().catch(() => undefined);
  }
}
