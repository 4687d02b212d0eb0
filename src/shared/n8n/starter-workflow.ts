import { DEFAULT_WEBHOOK_PATH } from "../agents";
import { doTheWorkCode, signClaimCode, signReportCode, verifySignatureCode } from "./starter-workflow-code";

/**
 * A workflow to import into n8n: it receives our signed jobs at `webhookPath`, checks the
 * signature and answers (401 with the reason, or `{"accepted": true, "job_id"}`), claims the job
 * back at agent-claim (the first claim wins, so a job delivered twice is worked once), does the
 * work and reports to agent-inbox, signed. A Test's ping ends at the claim. It holds no secret: the
 * Code nodes read N8N_AGENT_SECRET from n8n's environment. Pure, for server and browser.
 */
export type N8nNode = { id: string; name: string; type: string; typeVersion: number; position: [number, number]; parameters: Record<string, unknown>; webhookId?: string };
export type N8nConnections = Record<string, { main: { node: string; type: "main"; index: number }[][] }>;
export type N8nWorkflow = { name: string; nodes: N8nNode[]; connections: N8nConnections; active: boolean; settings: Record<string, unknown>; pinData: Record<string, unknown> };

/** Bumped when the workflow's protocol changes; the agent page asks for the current one. */
export const STARTER_WORKFLOW_VERSION = 2;

const nodeId = (n: number) => `7d0c6f7e-${String(n).padStart(4, "0")}-4c1e-9b1a-${String(n).padStart(12, "0")}`;

/** An IF node (v2) whose one condition is that `expression` is true. */
function isTrue(id: number, name: string, position: [number, number], expression: string): N8nNode {
  return {
    id: nodeId(id),
    name,
    type: "n8n-nodes-base.if",
    typeVersion: 2,
    position,
    parameters: {
      conditions: {
        options: { caseSensitive: true, leftValue: "", typeValidation: "loose" },
        conditions: [{ id: nodeId(100 + id), leftValue: expression, rightValue: "", operator: { type: "boolean", operation: "true", singleValue: true } }],
        combinator: "and",
      },
      options: {},
    },
  };
}

const answer = (id: number, name: string, position: [number, number], code: number, body: string): N8nNode => ({
  id: nodeId(id),
  name,
  type: "n8n-nodes-base.respondToWebhook",
  typeVersion: 1.1,
  position,
  parameters: { respondWith: "json", responseBody: body, options: { responseCode: code } },
});

const code = (id: number, name: string, position: [number, number], jsCode: string): N8nNode => ({ id: nodeId(id), name, type: "n8n-nodes-base.code", typeVersion: 2, position, parameters: { mode: "runOnceForAllItems", language: "javaScript", jsCode } });

/** POSTs the signed `{url, body, job_id, timestamp, signature}` the Code node before it made. */
function signedPost(id: number, name: string, position: [number, number], options: Record<string, unknown>): N8nNode {
  const header = (headerName: string, field: string) => ({ name: headerName, value: `={{ $json.${field} }}` });
  return {
    id: nodeId(id),
    name,
    type: "n8n-nodes-base.httpRequest",
    typeVersion: 4.2,
    position,
    parameters: {
      method: "POST",
      url: "={{ $json.url }}",
      sendHeaders: true,
      headerParameters: { parameters: [header("x-wlhq-job-id", "job_id"), header("x-wlhq-timestamp", "timestamp"), header("x-wlhq-signature", "signature")] },
      sendBody: true,
      contentType: "raw",
      rawContentType: "application/json",
      body: "={{ $json.body }}",
      options,
    },
  };
}

export function starterWorkflow(appUrl: string, webhookPath: string): N8nWorkflow {
  const trimSlashes = (p: string) => p.replace(/^\/+|\/+$/g, "");
  const path = trimSlashes(webhookPath) || trimSlashes(DEFAULT_WEBHOOK_PATH);
  const functions = `${appUrl.replace(/\/+$/, "")}/functions/v1`;
  const nodes: N8nNode[] = [
    {
      id: nodeId(1),
      name: "Webhook",
      type: "n8n-nodes-base.webhook",
      typeVersion: 2,
      position: [0, 0],
      // The signature changes with every request, so the header check is the next node's, not a static header credential.
      parameters: { httpMethod: "POST", path, responseMode: "responseNode", options: {} },
      webhookId: nodeId(255),
    },
    code(2, "Verify signature", [220, 0], verifySignatureCode),
    isTrue(3, "Signature valid?", [440, 0], "={{ $json.valid }}"),
    answer(4, "Refuse", [660, 200], 401, '={{ { "accepted": false, "reason": $json.reason } }}'),
    answer(5, "Accept", [660, 0], 200, '={{ { "accepted": true, "job_id": $json.job.job_id } }}'),
    code(6, "Sign the claim", [880, 0], signClaimCode(`${functions}/agent-claim`)),
    // 409 (already claimed, or finished) is an answer, not an error: the next node reads it.
    signedPost(7, "Claim the job", [1100, 0], { response: { response: { fullResponse: true, neverError: true } } }),
    isTrue(8, "Claimed?", [1320, 0], "={{ $json.statusCode === 200 && $json.body && $json.body.claimed === true }}"),
    code(9, "Do the work", [1540, 0], doTheWorkCode),
    code(10, "Sign the report", [1760, 0], signReportCode(`${functions}/agent-inbox`)),
    signedPost(11, "Report to We Love HQ", [1980, 0], {}),
  ];
  const to = (node: string) => [{ node, type: "main" as const, index: 0 }];
  const connections: N8nConnections = {
    Webhook: { main: [to("Verify signature")] },
    "Verify signature": { main: [to("Signature valid?")] },
    "Signature valid?": { main: [to("Accept"), to("Refuse")] },
    Accept: { main: [to("Sign the claim")] },
    "Sign the claim": { main: [to("Claim the job")] },
    "Claim the job": { main: [to("Claimed?")] },
    // Not claimed (delivered again, or a Test's ping): nothing more to do.
    "Claimed?": { main: [to("Do the work"), []] },
    "Do the work": { main: [to("Sign the report")] },
    "Sign the report": { main: [to("Report to We Love HQ")] },
  };
  return { name: "We Love HQ agent (starter)", nodes, connections, active: false, settings: { executionOrder: "v1" }, pinData: {} };
}
