import * as crypto from "node:crypto";
import { createRequire } from "node:module";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { verifySignature } from "@/server/lib/signing";
import { SIGNING_VECTOR as vector } from "@/server/testing/signing-vector";
import { starterWorkflow, type N8nNode } from "./starter-workflow";

// n8n-workflow's ES build does not load in Node (extensionless imports); its CommonJS build does.
const n8n = createRequire(import.meta.url)("n8n-workflow") as typeof import("n8n-workflow");

const workflow = starterWorkflow("https://hq.example.eu/", "/my-agent");
const node = (name: string) => workflow.nodes.find((n) => n.name === name) as N8nNode;
const codeOf = (name: string) => String(node(name).parameters.jsCode);

type Item = { json: Record<string, unknown> };
/** Runs a Code node's JavaScript as n8n does (an async function body) with n8n's globals and a clock fixed at `nowS`. */
function runCode(code: string, globals: { input: Item[]; nodes?: Record<string, Item[]>; secret?: string; nowS: number }): Promise<Item[]> {
  const fixedNow = globals.nowS * 1000;
  class FixedDate extends Date {
    static override now() {
      return fixedNow;
    }
  }
  const context = {
    $env: { N8N_AGENT_SECRET: globals.secret ?? vector.secret },
    $input: { first: () => globals.input[0], all: () => globals.input },
    $: (name: string) => ({ first: () => globals.nodes?.[name]?.[0] }),
    require: (name: string) => {
      if (name !== "crypto") throw new Error(`require(${name}) is not allowed`);
      return crypto;
    },
    Buffer,
    Date: FixedDate,
  };
  return runInNewContext(`(async () => {\n${code}\n})()`, context) as Promise<Item[]>;
}

const request = (body: string, headers: Record<string, string>) => [{ json: { headers, body: JSON.parse(body) as Record<string, unknown> } }];
const signedHeaders = { "x-wlhq-job-id": vector.id, "x-wlhq-timestamp": String(vector.timestamp), "x-wlhq-signature": vector.signature };

/** The minimum n8n needs to know of each node type to build a Workflow: its inputs and outputs. */
const nodeTypes = {
  getByName: (type: string) => nodeTypes.getByNameAndVersion(type),
  getByNameAndVersion: (type: string) => {
    const isTrigger = type === "n8n-nodes-base.webhook";
    const description = { displayName: type, name: type, group: [isTrigger ? "trigger" : "transform"], version: 1, description: "", defaults: {}, inputs: isTrigger ? [] : ["main"], outputs: ["main"], properties: [], webhooks: isTrigger ? [{ name: "default", httpMethod: "POST", path: "={{$parameter.path}}", responseMode: "={{$parameter.responseMode}}" }] : undefined };
    return { description } as unknown as import("n8n-workflow").INodeType;
  },
  getKnownTypes: () => ({}),
};

describe("the starter n8n workflow", () => {
  it("is a workflow n8n's own model accepts: one webhook start, a single chain, every connection of a known kind to a node that exists", () => {
    // Workflow fills in (and so rewrites) each node's parameters from its type: it gets a copy.
    const copy = structuredClone(workflow);
    const wf = new n8n.Workflow({ nodes: copy.nodes as unknown as import("n8n-workflow").INode[], connections: copy.connections, active: false, nodeTypes });
    // The node every path to the report starts from.
    expect(wf.getStartNode("Report to We Love HQ")?.name).toBe("Webhook");
    expect(wf.getHighestNode("Report to We Love HQ")).toEqual(["Webhook"]);
    const chain = ["Webhook", "Verify signature", "Accept", "Do the work", "Sign the report", "Report to We Love HQ"];
    for (let i = 0; i < chain.length - 1; i++) expect(wf.getChildNodes(chain[i]!, "main", 1)).toEqual([chain[i + 1]]);
    expect(wf.getChildNodes("Webhook").sort()).toEqual(chain.slice(1).sort());
    expect(wf.getParentNodes("Report to We Love HQ").sort()).toEqual(chain.slice(0, -1).sort());
    const names = new Set(workflow.nodes.map((n) => n.name));
    expect(names.size).toBe(workflow.nodes.length);
    for (const [from, byType] of Object.entries(workflow.connections)) {
      expect(names.has(from)).toBe(true);
      for (const [type, outputs] of Object.entries(byType)) {
        expect(n8n.isNodeConnectionType(type)).toBe(true);
        for (const target of outputs.flat()) expect(names.has(target.node) && n8n.isNodeConnectionType(target.type)).toBe(true);
      }
    }
    expect(Object.keys(n8n.mapConnectionsByDestination(workflow.connections)).sort()).toEqual([...names].filter((n) => n !== "Webhook").sort());
  });

  it("listens on the agent's path, answers from a node after checking, and holds no secret", () => {
    expect(node("Webhook").parameters).toMatchObject({ httpMethod: "POST", path: "my-agent", responseMode: "responseNode" });
    expect(JSON.stringify(workflow)).not.toMatch(/[0-9a-f]{64}/);
    expect(codeOf("Sign the report")).toContain('"https://hq.example.eu/functions/v1/agent-inbox"');
  });

  it("its Code node accepts the published test vector and refuses a changed body, another secret and a stale request", async () => {
    const accepted = await runCode(codeOf("Verify signature"), { input: request(vector.body, signedHeaders), nowS: vector.timestamp + 60 });
    expect(accepted).toEqual([{ json: JSON.parse(vector.body) }]);
    await expect(runCode(codeOf("Verify signature"), { input: request(vector.body.replace("ping", "pong"), signedHeaders), nowS: vector.timestamp })).rejects.toThrow("does not match");
    await expect(runCode(codeOf("Verify signature"), { input: request(vector.body, signedHeaders), secret: "ff".repeat(32), nowS: vector.timestamp })).rejects.toThrow("does not match");
    await expect(runCode(codeOf("Verify signature"), { input: request(vector.body, signedHeaders), nowS: vector.timestamp + 301 })).rejects.toThrow("5 minutes");
    await expect(runCode(codeOf("Verify signature"), { input: request(vector.body, { "x-wlhq-job-id": vector.id }), nowS: vector.timestamp })).rejects.toThrow("not signed");
  });

  it("does the work and signs its report so that agent-inbox's check accepts it", async () => {
    const job: Record<string, unknown> = { ...(JSON.parse(vector.body) as Record<string, unknown>), callback_url: "https://hq.example.eu/functions/v1/agent-inbox" };
    const nodes = { "Verify signature": [{ json: job }] };
    const work = await runCode(codeOf("Do the work"), { input: [{ json: { ok: true } }], nodes, nowS: vector.timestamp });
    expect(work).toEqual([{ json: { status: "done", result: { message: "Done: ping" } } }]);
    const [signed] = await runCode(codeOf("Sign the report"), { input: work, nodes, nowS: vector.timestamp });
    const out = signed!.json as { url: string; body: string; job_id: string; timestamp: string; signature: string };
    expect(out.url).toBe(job.callback_url);
    expect(JSON.parse(out.body)).toEqual({ job_id: vector.id, org_id: job.org_id, status: "done", result: { message: "Done: ping" }, error: null });
    const at = new Date(vector.timestamp * 1000);
    expect(verifySignature([vector.secret], { id: out.job_id, timestamp: out.timestamp, signature: out.signature }, out.body, at)).toEqual({ ok: true });
    expect(verifySignature([vector.secret], { id: out.job_id, timestamp: out.timestamp, signature: out.signature }, out.body.replace("ping", "pong"), at)).toEqual({ ok: false, reason: "mismatch" });
    // The HTTP Request node sends exactly these as its headers and raw body.
    const http = node("Report to We Love HQ").parameters as { headerParameters: { parameters: { name: string; value: string }[] }; body: string; contentType: string };
    expect(http.headerParameters.parameters.map((p) => p.name)).toEqual(["x-wlhq-job-id", "x-wlhq-timestamp", "x-wlhq-signature"]);
    expect(http).toMatchObject({ contentType: "raw", body: "={{ $json.body }}" });
  });
});
