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
  it("is a workflow n8n's own model accepts: one webhook start, every connection of a known kind to a node that exists", () => {
    // Workflow fills in (and so rewrites) each node's parameters from its type: it gets a copy.
    const copy = structuredClone(workflow);
    const wf = new n8n.Workflow({ nodes: copy.nodes as unknown as import("n8n-workflow").INode[], connections: copy.connections, active: false, nodeTypes });
    expect(wf.getStartNode("Report to We Love HQ")?.name).toBe("Webhook");
    expect(wf.getHighestNode("Report to We Love HQ")).toEqual(["Webhook"]);
    // The work is reached only through a valid signature, the answer, and a won claim.
    const toReport = ["Webhook", "Verify signature", "Signature valid?", "Accept", "Sign the claim", "Claim the job", "Claimed?", "Do the work", "Sign the report"];
    expect(wf.getParentNodes("Report to We Love HQ").sort()).toEqual([...toReport].sort());
    expect(wf.getParentNodes("Refuse").sort()).toEqual(["Signature valid?", "Verify signature", "Webhook"]);
    // IF nodes: output 0 is true, output 1 is false.
    expect(workflow.connections["Signature valid?"]!.main.map((o) => o.map((c) => c.node))).toEqual([["Accept"], ["Refuse"]]);
    expect(workflow.connections["Claimed?"]!.main.map((o) => o.map((c) => c.node))).toEqual([["Do the work"], []]);
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

  it("listens on the agent's path, answers from a node on each branch, and holds no secret", () => {
    expect(node("Webhook").parameters).toMatchObject({ httpMethod: "POST", path: "my-agent", responseMode: "responseNode" });
    expect(node("Refuse").parameters).toMatchObject({ respondWith: "json", options: { responseCode: 401 } });
    expect(node("Accept").parameters).toMatchObject({ respondWith: "json", responseBody: '={{ { "accepted": true, "job_id": $json.job.job_id } }}' });
    // A 409 from agent-claim is read by the next node, not thrown as the execution's failure.
    expect(node("Claim the job").parameters.options).toEqual({ response: { response: { fullResponse: true, neverError: true } } });
    expect(JSON.stringify(workflow)).not.toMatch(/[0-9a-f]{64}/);
    expect(codeOf("Sign the report")).toContain('"https://hq.example.eu/functions/v1/agent-inbox"');
    expect(codeOf("Sign the claim")).toContain('"https://hq.example.eu/functions/v1/agent-claim"');
  });

  it("its Code node accepts the published test vector and refuses, without throwing, a changed body, another secret, a stale request and a missing secret", async () => {
    const verify = (input: Item[], options: { secret?: string; nowS: number }) => runCode(codeOf("Verify signature"), { input, ...options });
    expect(await verify(request(vector.body, signedHeaders), { nowS: vector.timestamp + 60 })).toEqual([{ json: { valid: true, job: JSON.parse(vector.body) } }]);
    const refused = async (input: Item[], options: { secret?: string; nowS: number }) => ((await verify(input, options))[0]!.json as { valid: boolean; reason: string });
    expect(await refused(request(vector.body.replace("ping", "pong"), signedHeaders), { nowS: vector.timestamp })).toEqual({ valid: false, reason: "the signature does not match" });
    expect(await refused(request(vector.body, signedHeaders), { secret: "ff".repeat(32), nowS: vector.timestamp })).toEqual({ valid: false, reason: "the signature does not match" });
    expect(await refused(request(vector.body, signedHeaders), { nowS: vector.timestamp + 301 })).toEqual({ valid: false, reason: "the signature is more than 5 minutes old" });
    expect(await refused(request(vector.body, { "x-wlhq-job-id": vector.id }), { nowS: vector.timestamp })).toEqual({ valid: false, reason: "the request is not signed" });
    expect((await refused(request(vector.body, signedHeaders), { secret: "", nowS: vector.timestamp })).reason).toMatch(/^N8N_AGENT_SECRET is not set in n8n/);
  });

  it("signs its claim and its report so that our check accepts them", async () => {
    const job: Record<string, unknown> = { ...(JSON.parse(vector.body) as Record<string, unknown>), callback_url: "https://hq.example.eu/functions/v1/agent-inbox", claim_url: "https://hq.example.eu/functions/v1/agent-claim" };
    const nodes = { "Verify signature": [{ json: { valid: true, job } }] };
    const at = new Date(vector.timestamp * 1000);
    type Signed = { url: string; body: string; job_id: string; timestamp: string; signature: string };
    const [claim] = await runCode(codeOf("Sign the claim"), { input: [{ json: {} }], nodes, nowS: vector.timestamp });
    const claimed = claim!.json as Signed;
    expect(claimed.url).toBe(job.claim_url);
    expect(JSON.parse(claimed.body)).toEqual({ job_id: vector.id, org_id: job.org_id });
    expect(verifySignature([vector.secret], { id: claimed.job_id, timestamp: claimed.timestamp, signature: claimed.signature }, claimed.body, at)).toEqual({ ok: true });

    const work = await runCode(codeOf("Do the work"), { input: [{ json: { statusCode: 200, body: { claimed: true } } }], nodes, nowS: vector.timestamp });
    expect(work).toEqual([{ json: { status: "done", result: { message: "Done: ping" } } }]);
    const [signed] = await runCode(codeOf("Sign the report"), { input: work, nodes, nowS: vector.timestamp });
    const out = signed!.json as Signed;
    expect(out.url).toBe(job.callback_url);
    expect(JSON.parse(out.body)).toEqual({ job_id: vector.id, org_id: job.org_id, status: "done", result: { message: "Done: ping" }, error: null });
    expect(verifySignature([vector.secret], { id: out.job_id, timestamp: out.timestamp, signature: out.signature }, out.body, at)).toEqual({ ok: true });
    expect(verifySignature([vector.secret], { id: out.job_id, timestamp: out.timestamp, signature: out.signature }, out.body.replace("ping", "pong"), at)).toEqual({ ok: false, reason: "mismatch" });
    // The HTTP Request nodes send exactly these as their headers and raw body.
    for (const name of ["Claim the job", "Report to We Love HQ"]) {
      const http = node(name).parameters as { headerParameters: { parameters: { name: string; value: string }[] }; body: string; contentType: string };
      expect(http.headerParameters.parameters.map((p) => p.name)).toEqual(["x-wlhq-job-id", "x-wlhq-timestamp", "x-wlhq-signature"]);
      expect(http).toMatchObject({ contentType: "raw", body: "={{ $json.body }}" });
    }
  });
});
