import { Hono } from "hono";
import type { MeResponse } from "@/shared/me";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { callerIsOperator } from "../../lib/operators";

/** GET /api/v1/me: the caller, and whether they operate the platform (the browser hides operator screens by it). */
export const meRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = requireUser(c);
  return c.json<MeResponse>({ id: user.id, email: user.email, name: user.name, operator: await callerIsOperator(c) });
});
