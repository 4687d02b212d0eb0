import { DEFAULT_WEBHOOK_PATH } from "../agents";
import { doTheWorkCode, signReportCode, verifySignatureCode } from "./starter-workflow-code";

/**
 * A workflow to import into n8n: it receives our signed jobs at `webhookPath`, checks the
 * signature, answers at once, does the work and reports back to agent-inbox, signed. It holds no
 * secret: the Code nodes read N8N_AGENT_SECRET from n8n's environment. Pure, for server and browser.
 */
export type N8nNode = { id: string; name: string; type: string; typeVersion: number; position: [number, number]; parameters: Record<string, unknown>; webhookId?: string };
export type N8nConnections = Record<string, { main: { node: string; type: "main"; index: number }[][] }>;
export type N8nWorkflow = { name: string; nodes: N8nNode[]; connections: N8nConnections; active: boolean; settings: Record<string, unknown>; pinData: Record<string, unknown> };

export function starterWorkflow(appUrl: string, webhookPath: string): N8nWorkflow {
  const trimSlashes = (p: string) => p.replace(/^\/+|\/+$/g, "");
  const path = trimSlashes(webhookPath) || trimSlashes(DEFAULT_WEBHOOK_PATH);
  const inboxUrl = `${appUrl.replace(/\/+$/, "")}/functions/v1/agent-inbox`;
  const code = (id: string, name: string, x: number, jsCode: string): N8nNode => ({ id, name, type: "n8n-nodes-base.code", typeVersion: 2, position: [x, 0], parameters: { mode: "runOnceForAllItems", language: "javaScript", jsCode } });
  const header = (name: string, field: string) => ({ name, value: `={{ $json.${field} }}` });
  const nodes: N8nNode[] = [
    {
      id: "7d0c6f7e-0001-4c1e-9b1a-000000000001",
      name: "Webhook",
      type: "n8n-nodes-base.webhook",
      typeVersion: 2,
      position: [0, 0],
      // The signature changes with every request, so the header check is the next node's, not a static header credential.
      parameters: { httpMethod: "POST", path, responseMode: "responseNode", options: {} },
      webhookId: "7d0c6f7e-0001-4c1e-9b1a-0000000000ff",
    },
    code("7d0c6f7e-0002-4c1e-9b1a-000000000002", "Verify signature", 220, verifySignatureCode),
    {
      id: "7d0c6f7e-0003-4c1e-9b1a-000000000003",
      name: "Accept",
      type: "n8n-nodes-base.respondToWebhook",
      typeVersion: 1.1,
      position: [440, 0],
      parameters: { respondWith: "json", responseBody: '={{ { "ok": true, "received": true, "job_id": $json.job_id } }}', options: {} },
    },
    code("7d0c6f7e-0004-4c1e-9b1a-000000000004", "Do the work", 660, doTheWorkCode),
    code("7d0c6f7e-0005-4c1e-9b1a-000000000005", "Sign the report", 880, signReportCode(inboxUrl)),
    {
      id: "7d0c6f7e-0006-4c1e-9b1a-000000000006",
      name: "Report to We Love HQ",
      type: "n8n-nodes-base.httpRequest",
      typeVersion: 4.2,
      position: [1100, 0],
      parameters: {
        method: "POST",
        url: "={{ $json.url }}",
        sendHeaders: true,
        headerParameters: { parameters: [header("x-wlhq-job-id", "job_id"), header("x-wlhq-timestamp", "timestamp"), header("x-wlhq-signature", "signature")] },
        sendBody: true,
        contentType: "raw",
        rawContentType: "application/json",
        body: "={{ $json.body }}",
        options: {},
      },
    },
  ];
  const chain = nodes.map((n) => n.name);
  const connections: N8nConnections = {};
  for (let i = 0; i < chain.length - 1; i++) connections[chain[i]!] = { main: [[{ node: chain[i + 1]!, type: "main", index: 0 }]] };
  return { name: "We Love HQ agent (starter)", nodes, connections, active: false, settings: { executionOrder: "v1" }, pinData: {} };
}
