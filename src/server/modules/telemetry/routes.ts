import { Hono } from "hono";
import { telemetryListQuery } from "@/shared/chat";
import type { AppEnv } from "../../context";
import { parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { listTelemetry } from "./list-telemetry";

export const telemetryRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => c.json(await listTelemetry(ctxOf(c), parseWith(telemetryListQuery, c.req.query()))));
