import { describe, it } from "vitest";
import { appendFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// TEMPORARY sweep: collects every visible text of every signed-in page in German and French.
const suite = useSuite();
const i18nDir = join(process.cwd(), "src/web/i18n");

type Json = { [k: string]: unknown };
function load(lang: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const f of readdirSync(join(i18nDir, lang))) if (f.endsWith(".json")) out[f.replace(/\.json$/, "")] = JSON.parse(readFileSync(join(i18nDir, lang, f), "utf8")) as Json;
  return out;
}
const en = load("en");
function findPath(o: unknown, value: string, path: string[] = []): string[] | undefined {
  if (typeof o === "string") return o === value ? path : undefined;
  if (o && typeof o === "object") for (const [k, v] of Object.entries(o)) { const p = findPath(v, value, [...path, k]); if (p) return p; }
  return undefined;
}
/** The translation of an English text of namespace ns. */
function tx(lang: Record<string, Json>, ns: string, text: string): string {
  const path = findPath(en[ns], text);
  if (!path) return text;
  const v = path.reduce<unknown>((a, k) => (a as Json | undefined)?.[k], lang[ns]);
  return typeof v === "string" ? v : text;
}

async function sweep(code: "de" | "fr") {
  const L = load(code);
  const dir = `/tmp/sweep/${code}`;
  mkdirSync(dir, { recursive: true });
  const errors = join(dir, "_errors.txt");
  writeFileSync(errors, "");
  const { context, page, project, task, api } = await onDashboard(suite, `sweep-${code}`);
  page.setDefaultTimeout(8_000);

  const collect = async (name: string) => {
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page.waitForTimeout(700);
    const data = await page.evaluate(() => {
      const attrs: string[] = [];
      for (const el of Array.from(document.querySelectorAll("[aria-label],[placeholder],[title],[alt],[aria-description],[aria-valuetext]"))) {
        for (const a of ["aria-label", "placeholder", "title", "alt", "aria-description", "aria-valuetext"]) {
          const v = el.getAttribute(a);
          if (v) attrs.push(`[${a}] ${v}`);
        }
      }
      return { url: location.pathname + location.search, lang: document.documentElement.lang, title: document.title, text: document.body.innerText, attrs: Array.from(new Set(attrs)) };
    });
    writeFileSync(join(dir, `${name}.txt`), `URL: ${data.url}\nLANG: ${data.lang}\nTITLE: ${data.title}\n\n=== TEXT ===\n${data.text}\n\n=== ATTRS ===\n${data.attrs.join("\n")}\n`);
    await screenshotForReview(page, `${code}-${name}`, { fullPage: true }).catch((e) => appendFileSync(errors, `${name} screenshot: ${e}\n`));
  };
  const step = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      appendFileSync(errors, `${name}: ${String(e).slice(0, 500)}\n`);
      await collect(`${name}--error`).catch(() => undefined);
    }
    await page.keyboard.press("Escape").catch(() => undefined);
  };
  const visit = async (name: string, path: string) => step(name, async () => {
    await page.goto(path);
    await collect(name);
  });

  // Data: a plane, a project, tasks.
  const projectId = await project("Garden");
  const planes = await api<{ planes: { id: string }[] }>("GET", "/planes").catch(() => ({ planes: [] as { id: string }[] }));
  const planeId = planes.planes?.[0]?.id;
  await task(projectId, "Paint hull");
  await task(projectId, "Fix mast", { due_date: new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10) }).catch(() => task(projectId, "Fix mast"));

  // Switch language.
  await page.goto("/app/settings?tab=appearance");
  await page.getByLabel("Language").selectOption(code);
  await page.waitForFunction((c) => document.documentElement.lang === c, code);
  await page.waitForTimeout(500);

  await visit("dashboard", "/app/dashboard");
  await visit("planes", "/app/planes");
  await step("planes-dialog", async () => {
    await page.goto("/app/planes");
    await page.getByRole("button", { name: tx(L, "planes", "New Plane") }).first().click();
    await page.getByRole("dialog").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: tx(L, "planes", "Create Plane") }).click().catch(() => undefined);
    await collect("planes-dialog");
  });
  if (planeId) {
    await visit("plane", `/app/planes/${planeId}`);
    await step("plane-dialog", async () => {
      await page.goto(`/app/planes/${planeId}`);
      await page.getByRole("button", { name: tx(L, "planes", "New Project") }).first().click();
      await page.getByRole("dialog").waitFor();
      await collect("plane-dialog");
    });
  }
  await visit("project", `/app/projects/${projectId}`);
  await step("project-add-task", async () => {
    await page.goto(`/app/projects/${projectId}`);
    await page.getByRole("button", { name: tx(L, "projects", "Add Task") }).first().click();
    await page.getByRole("dialog").waitFor();
    await collect("project-add-task");
  });
  await step("project-edit", async () => {
    await page.goto(`/app/projects/${projectId}`);
    await page.getByRole("button", { name: tx(L, "projects", "Edit Project") }).first().click();
    await page.getByRole("dialog").waitFor();
    await collect("project-edit");
  });
  await step("project-task-detail", async () => {
    await page.goto(`/app/projects/${projectId}`);
    await page.getByRole("button", { name: "Paint hull" }).first().click();
    await page.getByRole("dialog").waitFor();
    await collect("project-task-detail");
  });
  for (const tab of ["profile", "organization", "security", "notifications", "appearance"]) await visit(`settings-${tab}`, `/app/settings?tab=${tab}`);
  await visit("agents", "/app/agents");
  await step("agents-dialog", async () => {
    await page.goto("/app/agents");
    await page.getByRole("button", { name: tx(L, "agents", "Create Agent") }).first().click();
    await page.getByRole("dialog").waitFor();
    await collect("agents-dialog");
  });
  await visit("orchestrator", "/app/orchestrator");
  await step("orchestrator-chat", async () => {
    await page.goto("/app/orchestrator");
    const box = page.getByRole("textbox").last();
    for (const msg of ["list tasks", "delete task Paint hull"]) {
      const before = await page.locator('[data-role="assistant"]').count();
      await box.fill(msg);
      await box.press("Enter");
      await page.waitForFunction((n) => document.querySelectorAll('[data-role="assistant"]').length > n, before, { timeout: 15_000 });
      await page.waitForTimeout(2_500);
    }
    await collect("orchestrator-chat");
    await page.getByRole("button", { name: tx(L, "chat", "History") }).first().click();
    await page.getByRole("dialog").waitFor();
    await collect("orchestrator-history");
  });
  await visit("dev-console", "/dev");
  await visit("workflow-builder", "/app/workflow-builder");
  await visit("api-keys", "/app/api-keys");
  await step("api-keys-dialog", async () => {
    await page.goto("/app/api-keys");
    await page.getByRole("button", { name: tx(L, "connections", "Add API Key") }).first().click();
    await page.getByRole("dialog").waitFor();
    await collect("api-keys-dialog");
  });
  await visit("integrations", "/app/integrations");
  await visit("self-healing", "/app/self-healing");
  await visit("project-healing", "/app/project-healing");
  await visit("audit", "/app/audit");
  await visit("flags", "/app/admin/flags");
  await visit("action-plan-app", "/app/admin/action-plan");
  await visit("diagnostics", "/app/diagnostics");
  await visit("onboarding", "/app/onboarding");
  await visit("hq", "/hq");
  await visit("status", "/status");
  await visit("smoke", "/smoke");
  await visit("go-live", "/go-live");
  await visit("deploy-status", "/deploy-status");
  await visit("deploy-wizard", "/deploy/wizard");
  await visit("ops-tools", "/ops/tools");
  await visit("admin-action-plan", "/admin/action-plan");
  await visit("not-found", "/app/does-not-exist");
  await step("palette", async () => {
    await page.goto("/app/dashboard");
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page.keyboard.press("Control+k");
    await page.getByRole("dialog").waitFor();
    await collect("palette");
    await page.keyboard.type("Gar");
    await page.waitForTimeout(1_000);
    await collect("palette-search");
  });
  await context.close();
}

describe("language sweep (temporary)", () => {
  const probe = async (tag: string) => {
    appendFileSync("/tmp/sweep/probe.txt", `--- ${tag}\n`);
    const { newPage } = await import("./support/browser");
    const { context, page } = await newPage(suite.browser, suite.server.url);
    for (const path of ["/auth", "/", "/pricing", "/status"]) {
      const res = await page.goto(path);
      await page.waitForTimeout(1500);
      const d = await page.evaluate(() => ({ lang: document.documentElement.lang, text: document.body.innerText.slice(0, 600), cookie: document.cookie, ls: JSON.stringify(localStorage) }));
      appendFileSync("/tmp/sweep/probe.txt", `${path} status=${res?.status()} ${JSON.stringify(d)}\n`);
    }
    const html = await (await fetch(suite.server.url + "/auth")).text();
    appendFileSync("/tmp/sweep/probe.txt", `raw /auth html lang: ${/<html[^>]*>/.exec(html)?.[0]}\n`);
    await context.close();
  };
  it("probe-before", async () => probe("before"));
  for (const code of (process.env.SWEEP_LANGS ?? "de,fr").split(",") as ("de" | "fr")[]) {
    it(code, async () => sweep(code), 600_000);
    it(`probe-after-${code}`, async () => probe(`after ${code}`));
  }
});
