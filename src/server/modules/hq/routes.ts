import { Hono } from "hono";
import { hqMessageInput, type HqStatusResponse } from "@/shared/hq";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { parseBody } from "../../lib/parse";
import { languageOfRequest } from "../../i18n/request-language";
import { translateServerMessage } from "../../i18n/server-messages";
import { sendSwitchboardMessage } from "./send-switchboard-message";
import { switchboardHosts } from "./switchboard-hosts";

/**
 * /api/v1/hq: per user, not per organisation. When no host takes the message the answer is a 502
 * with { ok: false, error } (the gateway failed, not this server); the page reads that body itself
 * (features/hq/api) so it is never taken for We Love HQ being unreachable.
 */
export const hqRoutes = new Hono<AppEnv>()
  .get("/status", (c) => {
    requireUser(c);
    const hosts = switchboardHosts(c.get("services").env.HQ_SWITCHBOARD_HOSTS).length;
    const body: HqStatusResponse = { configured: hosts > 0, hosts };
    return c.json(body);
  })
  .post("/messages", async (c) => {
    const user = requireUser(c);
    const input = await parseBody(c, hqMessageInput);
    const { env, clock, logger } = c.get("services");
    const ctx = { user, hostsSetting: env.HQ_SWITCHBOARD_HOSTS, secretHex: env.N8N_AGENT_SECRET, outboundTimeoutMs: env.OUTBOUND_TIMEOUT_MS, now: clock.now, logger };
    const answer = await sendSwitchboardMessage(ctx, input);
    return c.json(answer.ok ? answer : { ...answer, error: translateServerMessage(languageOfRequest(c), answer.error) }, answer.ok ? 200 : 502);
  });
