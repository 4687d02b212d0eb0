import { Hono } from "hono";
import { z } from "zod";
import { createPlaneInput, deletePlaneQuery, planeListQuery, updatePlaneInput } from "@/shared/work";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { createPlane } from "./create-plane";
import { deletePlane } from "./delete-plane";
import { getPlane, listPlanes } from "./list-planes";
import { updatePlane } from "./update-plane";

const planeParams = z.object({ planeId: z.uuid("Plane id is not valid") });

export const planeRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json(await listPlanes(ctxOf(c), parseWith(planeListQuery, c.req.query()))))
  .post("/", async (c) => c.json({ plane: await createPlane(ctxOf(c), await parseBody(c, createPlaneInput)) }, 201))
  .get("/:planeId", async (c) => {
    const { planeId } = parseWith(planeParams, c.req.param());
    const plane = await getPlane(ctxOf(c), planeId);
    if (!plane) throw new AppError("not_found", "Plane not found");
    return c.json({ plane });
  })
  .patch("/:planeId", async (c) => {
    const { planeId } = parseWith(planeParams, c.req.param());
    return c.json({ plane: await updatePlane(ctxOf(c), planeId, await parseBody(c, updatePlaneInput)) });
  })
  .delete("/:planeId", async (c) => {
    const { planeId } = parseWith(planeParams, c.req.param());
    return c.json(await deletePlane(ctxOf(c), planeId, parseWith(deletePlaneQuery, c.req.query())));
  });
