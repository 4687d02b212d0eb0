import { Hono, type Context } from "hono";
import { whatsappConnectInput } from "@/shared/messaging";
import type { AppEnv } from "../../context";
import { parseBody } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { connectWhatsapp, disconnectWhatsapp, readWhatsappStatus, testWhatsapp, unlinkMyWhatsapp, whatsappLinkCode, type WhatsappCtx } from "./whatsapp-connection";

const whatsappCtxOf = (c: Context<AppEnv>): WhatsappCtx => ({ ...ctxOf(c), env: c.get("services").env, box: c.get("services").secrets });

/** The WhatsApp card: owners connect, test and disconnect the number; every member links their own. */
export const whatsappRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json({ whatsapp: await readWhatsappStatus(whatsappCtxOf(c)) }))
  .put("/", async (c) => c.json(await connectWhatsapp(whatsappCtxOf(c), await parseBody(c, whatsappConnectInput))))
  .post("/test", async (c) => c.json(await testWhatsapp(whatsappCtxOf(c))))
  .delete("/", async (c) => c.json({ whatsapp: await disconnectWhatsapp(whatsappCtxOf(c)) }))
  .post("/link-code", async (c) => c.json(await whatsappLinkCode(whatsappCtxOf(c)), 201))
  .delete("/link", async (c) => c.json({ whatsapp: await unlinkMyWhatsapp(whatsappCtxOf(c)) }));
