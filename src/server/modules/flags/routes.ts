import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { listFlags } from "./list-flags";

export const flagRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => c.json(await listFlags(ctxOf(c))));
