import { Hono } from "hono";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../context";
import { devOutbox } from "../db/schema";
import { parseWith } from "../lib/parse";

const query = z.object({ to: z.email("Give a valid address in ?to=") });

/** Mounted only with MAIL_OUTBOX=1 and no SMTP_URL: tests and local runs read links here. */
export const outboxRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { to } = parseWith(query, c.req.query());
  const rows = await c
    .get("services")
    .database.db.select()
    .from(devOutbox)
    .where(eq(devOutbox.to, to.toLowerCase()))
    .orderBy(desc(devOutbox.createdAt))
    .limit(20);
  return c.json({ messages: rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, headers: r.headers ?? {}, created_at: r.createdAt.toISOString() })) });
});
