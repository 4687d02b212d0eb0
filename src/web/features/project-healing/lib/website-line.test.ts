import { describe, expect, it } from "vitest";
import de from "@/web/i18n/de/project-healing.json";
import en from "@/web/i18n/en/project-healing.json";
import fr from "@/web/i18n/fr/project-healing.json";
import { websiteLineOf } from "./website-line";

const url = "http://127.0.0.1:8080/";
const blocked = "That URL leads to a private address, which We Love HQ does not call";
const issue = (check: string) => ({ id: "1", check, type: "deploy" as const, severity: "high" as const, description: "", fix_suggestion: "", auto_fixable: false, fix_job_id: null, fix_state: null });

describe("the report's website line", () => {
  it("says a refused address was refused and why, never 'Website checked'", () => {
    const line = websiteLineOf({ website_url: url, checks: [{ name: "deploy.reachable", passed: false, detail: blocked }], issues: [issue("deploy.blocked")] });
    expect(line).toEqual({ key: "report.websiteRefused", url, reason: blocked });
    expect(en.report.websiteRefused).toBe("Website not checked: {{url}} was refused. {{reason}}");
    expect([de.report.websiteRefused, fr.report.websiteRefused].every((text) => text.includes("{{reason}}"))).toBe(true);
  });

  it("says an unreachable site was not checked, and a site that answered was checked", () => {
    expect(websiteLineOf({ website_url: url, checks: [{ name: "deploy.reachable", passed: false, detail: "No answer within 10 s" }], issues: [issue("deploy.unreachable")] })).toMatchObject({ key: "report.websiteNotChecked" });
    expect(websiteLineOf({ website_url: url, checks: [{ name: "deploy.reachable", passed: true, detail: "HTTP 200" }], issues: [] })).toEqual({ key: "report.website", url });
    expect(websiteLineOf({ website_url: null, checks: [], issues: [] })).toEqual({ key: "report.noWebsite" });
  });
});
