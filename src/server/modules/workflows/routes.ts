import { Hono, type Context } from "hono";
import { budget } from "../../lib/budgets";
import { createWorkflowInput, deployWorkflowInput, updateWorkflowInput, type DeploymentStatus } from "@/shared/workflows";
import type { AppEnv } from "../../context";
import { languageOfRequest } from "../../i18n/request-language";
import { translateServerMessage } from "../../i18n/server-messages";
import { parseBody } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { createWorkflow } from "./create-workflow";
import { deleteWorkflow } from "./delete-workflow";
import { deployWorkflow } from "./deploy-workflow";
import { getDeploymentStatus } from "./deployment-status";
import { exportWorkflow } from "./export-workflow";
import { getWorkflow } from "./get-workflow";
import { listWorkflows } from "./list-workflows";
import { updateWorkflow } from "./update-workflow";
import { workflowCtxOf } from "./workflow-ctx";
import { workflowIdOf } from "./workflow-row";

/** The Deploy panel's status line in the reader's language, as refusals are (lib/error-handler.ts). */
const statusIn = (c: Context, status: DeploymentStatus): DeploymentStatus => ({ ...status, message: translateServerMessage(languageOfRequest(c), status.message) });

// Owner-only (workflow.manage, lib/route-policies.ts); writes take the import's larger body limit.
export const workflowRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json({ workflows: await listWorkflows(ctxOf(c)) }))
  .post("/", async (c) => c.json({ workflow: await createWorkflow(ctxOf(c), await parseBody(c, createWorkflowInput)) }, 201))
  .get("/:workflowId", async (c) => c.json({ workflow: await getWorkflow(ctxOf(c), workflowIdOf(c.req.param("workflowId"))) }))
  .put("/:workflowId", async (c) => {
    const id = workflowIdOf(c.req.param("workflowId"));
    return c.json({ workflow: await updateWorkflow(ctxOf(c), id, await parseBody(c, updateWorkflowInput)) });
  })
  .delete("/:workflowId", async (c) => {
    await deleteWorkflow(ctxOf(c), workflowIdOf(c.req.param("workflowId")));
    return c.json({ ok: true });
  })
  .get("/:workflowId/n8n", async (c) => c.json(await exportWorkflow(ctxOf(c), workflowIdOf(c.req.param("workflowId")))))
  .post("/:workflowId/deploy", budget("deploy"), async (c) => {
    const id = workflowIdOf(c.req.param("workflowId"));
    const deployed = await deployWorkflow(workflowCtxOf(c), id, await parseBody(c, deployWorkflowInput));
    return c.json({ ...deployed, status: statusIn(c, deployed.status) });
  })
  .get("/:workflowId/deployment", async (c) => c.json({ status: statusIn(c, await getDeploymentStatus(workflowCtxOf(c), workflowIdOf(c.req.param("workflowId")))) }));
