import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envCheckIds } from "@/shared/ops";
import en from "@/web/i18n/en/ops-guides.json";
import { allSteps, commandFor, hostingTabs, requiredSecrets, wizardSteps } from "./guide-data";

const text = (path: string): unknown => path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], en);
const root = new URL("../../../../", import.meta.url);

describe("the operator guides' data", () => {
  it("gives every step a title and text, and every command a label and a command", () => {
    const steps = allSteps();
    expect(steps.length).toBeGreaterThan(20);
    for (const { where, step } of steps) {
      const prefix = where === "wizard" ? `wizard.steps.${step.id}` : `steps.${step.id}`;
      expect(text(`${prefix}.title`), `${where}: ${step.id}`).toEqual(expect.stringMatching(/\S/));
      expect(text(`${prefix}.body`), `${where}: ${step.id}`).toEqual(expect.stringMatching(/\S/));
      expect(step.commands.length, `${where}: ${step.id} has no command`).toBeGreaterThan(0);
      for (const c of step.commands) {
        expect(text(`commands.${c.id}`), `label of ${c.id}`).toEqual(expect.stringMatching(/\S/));
        expect(c.command.trim(), c.id).not.toBe("");
      }
    }
  });

  it("offers three hosting ways, each with a label, and a wizard of five steps whose checks exist", () => {
    expect(hostingTabs.map((t) => t.id)).toEqual(["vps", "docker", "managed"]);
    for (const tab of hostingTabs) expect(text(`goLive.tabs.${tab.id}`)).toEqual(expect.any(String));
    expect(wizardSteps.map((s) => s.id)).toEqual(["environment", "database", "secrets", "firstStart", "healthCheck"]);
    for (const step of wizardSteps) for (const id of step.checks) expect(envCheckIds).toContain(id);
    for (const s of requiredSecrets) expect(text(`deployStatus.secretNames.${s.name}`), s.name).toEqual(expect.any(String));
  });

  it("uses only npm scripts this repository has and variables the server reads", () => {
    const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { scripts: Record<string, string> };
    const envSource = readFileSync(new URL("src/server/env.ts", root), "utf8");
    const commands = allSteps().flatMap(({ step }) => step.commands.map((c) => c.command));
    for (const [, script] of commands.join("\n").matchAll(/npm run ([\w:-]+)/g)) expect(Object.keys(pkg.scripts), script).toContain(script);
    // An assignment NAME=value at a line's start or after a space is a setting the server must know.
    const known = new Set(["POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB", "NEW_SECRET_KEY"]);
    const names = [...commands.join("\n").matchAll(/(?:^|\s)([A-Z][A-Z0-9_]{2,})=/gm)].map((m) => m[1]!);
    expect(new Set(names).size).toBeGreaterThan(10);
    for (const name of names) if (!known.has(name)) expect(envSource, name).toContain(`${name}:`);
    expect(readdirSync(new URL("drizzle", root)).some((f) => f.endsWith(".sql"))).toBe(true);
  });

  it("writes this page's address into commands that name it", () => {
    expect(commandFor("curl -fsS {appUrl}/functions/v1/health", "https://hq.example.eu/")).toBe("curl -fsS https://hq.example.eu/functions/v1/health");
    const health = allSteps().flatMap(({ step }) => step.commands).filter((c) => c.command.includes("/functions/v1/health"));
    expect(health.length).toBeGreaterThan(0);
  });
});
