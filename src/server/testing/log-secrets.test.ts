import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { literalsInTestSources, scanLogDir, scanText, secretPatterns } from "./log-secrets";
import { GOOD_PASSWORD } from "./users";

const line = (fields: Record<string, unknown>) => JSON.stringify({ time: "2026-01-01T00:00:00.000Z", level: "info", msg: "request", ...fields });
const patterns = secretPatterns([GOOD_PASSWORD, "a".repeat(64)]);
const kinds = (text: string) => scanText("test.log", text, patterns).map((f) => f.kind);

describe("the log scan for secrets", () => {
  it("finds each kind of planted secret and names the file and line", () => {
    const dir = mkdtempSync(join(tmpdir(), "whq-scan-"));
    const clean = line({ path: "/api/auth/sign-in/email", status: 200 });
    writeFileSync(join(dir, "unit-1-0.log"), [clean, line({ body: { password: GOOD_PASSWORD } })].join("\n"));
    writeFileSync(join(dir, "e2e-2-0.log"), [clean, clean, line({ path: "/api/auth/reset-password/Xk3dP9qLm2Zt7Vb1Nc4Rw8Ys" })].join("\n"));
    const findings = scanLogDir(dir, patterns);
    expect(findings.map((f) => [f.file.split("/").pop(), f.line, f.kind]).sort()).toEqual([
      ["e2e-2-0.log", 3, "reset token in a path"],
      ["unit-1-0.log", 2, "test secret"],
    ]);
    expect(findings.every((f) => !f.excerpt.includes(GOOD_PASSWORD))).toBe(true);
  });

  it.each([
    ["a verification link", line({ text: "https://hq.test/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.abc&callbackURL=%2F" }), "token parameter"],
    ["a reset link in a fragment", line({ text: "https://hq.test/auth/reset-password#token=Xk3dP9qLm2Zt7Vb1" }), "token parameter"],
    ["a session cookie", line({ cookie: "better-auth.session_token=abcdEFGH1234.sig" }), "session cookie"],
    ["an API key", line({ details: "key sk-proj-abc123def456 rejected" }), "API key"],
    ["an Anthropic key", line({ key: "sk-ant-api03-xyzxyzxyz" }), "API key"],
    ["a SECRET_KEY", line({ env: { SECRET_KEY: "a".repeat(64) } }), "test secret"],
    ["a failed query's parameters", line({ details: ['Error: Failed query: select * from "session" where "token" = $1\nparams: ZV6ml36DmDQ1jFh8orUY'] }), "query parameters"],
  ])("flags %s", (_, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    ["the logged reset route", line({ path: "/api/auth/reset-password/:token" })],
    ["a masked key", line({ masked: "sk-...abcd" })],
    ["a cleared cookie", line({ cookie: "better-auth.session_token=; Max-Age=0" })],
    ["words that contain sk-", line({ email: "task-1a2b3c4d@example.test", label: "disk-usage-report" })],
    ["a path without its query", line({ path: "/api/auth/verify-email" })],
    ["a failed query without its parameters", line({ details: ["Error: Failed query: select 1\nparams: [not logged]"] })],
  ])("leaves %s alone", (_, text) => {
    expect(kinds(text)).toEqual([]);
  });

  it("collects the password literals and keys the test sources use", () => {
    const root = fileURLToPath(new URL("../../..", import.meta.url));
    const literals = literalsInTestSources(root);
    expect(literals).toEqual(expect.arrayContaining([GOOD_PASSWORD, "wrong-password-1", "quartz-meadow-8830", "not-the-password-77", "a".repeat(64), "b".repeat(64)]));
  });
});
