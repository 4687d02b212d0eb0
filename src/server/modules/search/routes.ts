import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { searchWork } from "./search-work";

export const query = z.object({ q: z.string().trim().min(1, "Type something to search for").max(200) });

export const searchRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => c.json(await searchWork(ctxOf(c), parseWith(query, c.req.query()).q)));
