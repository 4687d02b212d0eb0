import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeyTestResult } from "@/shared/connections";
import { freePort } from "../../testing/free-port";
import { startN8nApiStandIn } from "../../testing/n8n-api-stand-in";
import { startProviderStandIn, type ProviderStandIn } from "../../testing/provider-stand-ins";
import { testConnection, type KeyTestConfig } from "./key-test";

let standIn: ProviderStandIn;
let config: KeyTestConfig;
let closedUrl: string;

beforeAll(async () => {
  standIn = await startProviderStandIn();
  config = { openaiBaseUrl: standIn.url, anthropicBaseUrl: `${standIn.url}/`, n8nBase: standIn.url, timeoutMs: 300 };
  // A port that was just free: connecting to it is refused.
  closedUrl = `http://127.0.0.1:${await freePort()}`;
});
afterAll(async () => standIn?.close());

async function expectOutcome(provider: string, key: string | null, expected: Partial<KeyTestResult>, cfg = config) {
  const result = await testConnection(cfg, provider, key);
  expect(result).toMatchObject(expected);
  if (key) expect(result.message).not.toContain(key);
  return result;
}

describe("key tests against OpenAI's wire format", () => {
  it("count 200 from the model list as valid and send the key as a bearer token", async () => {
    await expectOutcome("openai", "sk-valid-openai-1111", { outcome: "valid" });
    const seen = standIn.requests.at(-1)!;
    expect(seen).toMatchObject({ method: "GET", path: "/v1/models" });
    expect(seen.headers.authorization).toBe("Bearer sk-valid-openai-1111");
  });

  it("count anything else as invalid and say the status", async () => {
    await expectOutcome("openai", "sk-bad-openai-2222", { outcome: "invalid", message: "OpenAI refused the key (401)" });
    await expectOutcome("openai", "sk-boom-openai-3333", { outcome: "invalid", message: expect.stringContaining("500") });
  });

  it("count a timeout and a refused connection as invalid, with the reason", async () => {
    await expectOutcome("openai", "sk-slow-openai-4444", { outcome: "invalid", message: "Could not reach OpenAI: no answer within 300 ms" });
    await expectOutcome("openai", "sk-valid-openai-5555", { outcome: "invalid", message: "Could not reach OpenAI: connection refused" }, { ...config, openaiBaseUrl: closedUrl });
  });
});

describe("key tests against Anthropic's wire format", () => {
  it("send a one-token message with the key and version headers", async () => {
    await expectOutcome("anthropic", "sk-valid-ant-1111", { outcome: "valid" });
    const seen = standIn.requests.at(-1)!;
    expect(seen).toMatchObject({ method: "POST", path: "/v1/messages" });
    expect(seen.headers).toMatchObject({ "x-api-key": "sk-valid-ant-1111", "anthropic-version": "2023-06-01", "content-type": "application/json" });
  });

  it("count every status but 401 as valid", async () => {
    await expectOutcome("anthropic", "sk-broke-ant-2222", { outcome: "valid", message: expect.stringContaining("400") });
    await expectOutcome("anthropic", "sk-boom-ant-3333", { outcome: "valid" });
    await expectOutcome("anthropic", "sk-bad-ant-4444", { outcome: "invalid", message: "Anthropic refused the key (401)" });
  });

  it("count network failures as invalid", async () => {
    await expectOutcome("anthropic", "sk-slow-ant-5555", { outcome: "invalid", message: expect.stringMatching(/^Could not reach Anthropic: no answer/) });
    await expectOutcome("anthropic", "sk-valid-ant-6666", { outcome: "invalid", message: "Could not reach Anthropic: connection refused" }, { ...config, anthropicBaseUrl: closedUrl });
  });
});

describe("what cannot be tested", () => {
  it("stores other providers' keys as untested, never valid", async () => {
    for (const [provider, name] of [["mistral", "Mistral"], ["google", "Google"], ["groq", "Groq"], ["perplexity", "Perplexity"]] as const) {
      await expectOutcome(provider, "sk-valid-other-1111", { outcome: "untested", message: `Stored, but We Love HQ cannot test ${name} keys` });
    }
  });

  it("checks n8n's health endpoint when N8N_BASE is set", async () => {
    await expectOutcome("n8n", null, { outcome: "valid" });
    expect(standIn.requests.at(-1)).toMatchObject({ method: "GET", path: "/healthz" });
    await expectOutcome("n8n", null, { outcome: "unverifiable", message: "N8N_BASE is not configured" }, { ...config, n8nBase: undefined });
    await expectOutcome("n8n", null, { outcome: "invalid", message: "Could not reach n8n: connection refused" }, { ...config, n8nBase: closedUrl });
  });

  it("tests an n8n API key against n8n's public API when one is given", async () => {
    const n8n = await startN8nApiStandIn({ apiKey: "sk-n8n-valid-1111" });
    try {
      const withN8n = { ...config, n8nBase: n8n.url };
      await expectOutcome("n8n", "sk-n8n-valid-1111", { outcome: "valid", message: "n8n accepted the API key" }, withN8n);
      expect(n8n.calls.at(-1)).toMatchObject({ method: "GET", path: "/api/v1/workflows", apiKey: "sk-n8n-valid-1111" });
      await expectOutcome("n8n", "sk-n8n-other-2222", { outcome: "invalid", message: "n8n refused the API key (401)" }, withN8n);
      await expectOutcome("n8n", "sk-n8n-valid-3333", { outcome: "unverifiable", message: expect.stringMatching(/N8N_BASE is not configured/) }, { ...config, n8nBase: undefined });
      await expectOutcome("n8n", "sk-n8n-valid-4444", { outcome: "invalid", message: "Could not reach n8n: connection refused" }, { ...config, n8nBase: closedUrl });
    } finally {
      await n8n.close();
    }
  });

  it("calls the other integrations unverifiable, and openai without a key too", async () => {
    for (const provider of ["gmail", "calendar", "whatsapp", "telegram"]) {
      await expectOutcome(provider, null, { outcome: "unverifiable", message: "This connection can't be verified from here" });
    }
    // Browser Use is tested with its key (browser-use.test.ts); without one there is nothing to test.
    await expectOutcome("browseruse", null, { outcome: "unverifiable", message: "No Browser Use API key saved; enter one on its card" });
    await expectOutcome("openai", null, { outcome: "unverifiable", message: "No API key saved; add one on the API Keys page" });
  });
});
