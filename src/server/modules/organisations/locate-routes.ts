import { Hono } from "hono";
import { locateQuery } from "@/shared/organisations";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseWith } from "../../lib/parse";
import { locateRecord } from "./locate-record";

export const locateRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = requireUser(c);
  return c.json(await locateRecord(c.get("services").database.db, user.id, parseWith(locateQuery, c.req.query())));
});
