import { Hono } from "hono";
import { z } from "zod";
import { createConnectionInput, updateConnectionInput } from "@/shared/connections";
import type { AppEnv } from "../../context";
import { languageOfRequest } from "../../i18n/request-language";
import { AppError } from "../../lib/errors";
import { parseBody, parseWith } from "../../lib/parse";
import { orgScope } from "../organisations/org-scope";
import { connCtxOf } from "./connection-ctx";
import { connectionIn, connectionResponseIn } from "./connection-language";
import { createConnection } from "./create-connection";
import { deleteConnection } from "./delete-connection";
import { getConnection, listConnections } from "./list-connections";
import { testSavedConnection } from "./test-saved-connection";
import { updateConnection } from "./update-connection";

const connectionParams = z.object({ connectionId: z.uuid("Connection id is not valid") });

export const connectionRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json({ connections: (await listConnections(connCtxOf(c))).map((found) => connectionIn(languageOfRequest(c), found)) }))
  .post("/", async (c) => c.json(connectionResponseIn(languageOfRequest(c), await createConnection(connCtxOf(c), await parseBody(c, createConnectionInput))), 201))
  .get("/:connectionId", async (c) => {
    const { connectionId } = parseWith(connectionParams, c.req.param());
    const connection = await getConnection(connCtxOf(c), connectionId);
    if (!connection) throw new AppError("not_found", "Connection not found");
    return c.json({ connection: connectionIn(languageOfRequest(c), connection) });
  })
  .patch("/:connectionId", async (c) => {
    const { connectionId } = parseWith(connectionParams, c.req.param());
    return c.json(connectionResponseIn(languageOfRequest(c), await updateConnection(connCtxOf(c), connectionId, await parseBody(c, updateConnectionInput))));
  })
  .delete("/:connectionId", async (c) => {
    const { connectionId } = parseWith(connectionParams, c.req.param());
    await deleteConnection(connCtxOf(c), connectionId);
    return c.json({ ok: true });
  })
  .post("/:connectionId/test", async (c) => {
    const { connectionId } = parseWith(connectionParams, c.req.param());
    return c.json(connectionResponseIn(languageOfRequest(c), await testSavedConnection(connCtxOf(c), connectionId)));
  });
