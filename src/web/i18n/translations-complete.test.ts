import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, AUDIT_TARGETS, auditActionGroups } from "@/shared/audit";

/**
 * Every English text has a hand-written German and French one: same keys (plural forms as each
 * language's Intl plural rules ask), same {{variables}}, and no English left behind except what
 * is the same in every language (names, codes, addresses: the allow-list below).
 */
const root = import.meta.dirname;
const namespaces = readdirSync(join(root, "en"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -".json".length));
const targets = ["de", "fr"] as const;
const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const read = (lng: string, ns: string): Json => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8")) as Json;

/** key path -> string, arrays by index. */
function flatten(value: Json, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const pluralBase = (key: string) => {
  const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return m ? { base: m[1]!, suffix: m[2]! } : undefined;
};

/**
 * The keys a language must have for English's: a plural set needs its `_one` and `_other` and may
 * have the language's other categories (French `_many`, for millions: translations.ts fills a
 * missing one from `_other` at load).
 */
function expectedKeys(english: Map<string, string>, lng: string): { required: Set<string>; optional: Set<string> } {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const key of english.keys()) {
    const plural = pluralBase(key);
    if (!plural || !PLURAL_SUFFIXES.includes(plural.suffix)) {
      required.add(key);
      continue;
    }
    for (const c of categories) (c === "one" || c === "other" ? required : optional).add(`${plural.base}_${c}`);
  }
  return { required, optional };
}

const variables = (s: string) => [...new Set([...s.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]))].sort();
const tags = (s: string) => [...s.matchAll(/<(\/?\w+)\s*\/?>/g)].map((m) => m[1]).sort();

/**
 * Texts that may stay as they are in English: brand and product names, technical words every
 * language uses, codes and addresses. Whole values, compared after trimming; anything without a
 * letter (numbers, symbols, placeholders only) is always allowed.
 */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([
  "OK", "OAuth", "API", "URL", "SMTP", "SSO", "SAML", "JSON", "CSV", "YAML", "Webhook", "Webhooks", "n8n", "GitHub", "Slack", "Google",
  "Microsoft", "Stripe", "Claude", "OpenAI", "Anthropic", "Docker", "Kubernetes", "PostgreSQL", "Redis", "Linux", "Email", "E-Mail", "Status", "Name",
  "Agent", "Agents", "Workflow", "Workflows", "Dashboard", "Tags", "Tag", "Team", "Support", "Start", "Details", "Info", "Optional", "Version",
  "Admin", "Owner", "Member", "Token", "Tokens", "Logs", "Log", "Cron", "Trigger", "Plan", "Plans", "Professional", "Enterprise", "Starter",
  "Type", "Message", "Minute", "Service", "Services", "Description", "Actions", "Action", "Notifications", "Organisation", "Configuration",
  "Documentation", "Total", "Source", "Date", "Dates", "Tasks", "Healing", "Chat", "Sessions", "Session", "Code", "Stop", "Test", "Job", "Jobs",
  "Critical", "Performance", "Capacity", "Ops", "HQ", "Self-Healing", "Timeout", "Retry", "Runtime", "Cache", "Backup", "Backups", "Score",
  "Production", "Staging", "Normal", "Global", "Orchestrator", "Worker", "Workers", "Node", "Nodes", "Export", "Import", "Mode", "Format",
]);
/** Words spelled the same in English and the language, checked by a reader of it (whole values). */
const COGNATES: Record<(typeof targets)[number], Set<string>> = {
  de: new Set(["Website", "System", "Migration", "Text", "Instance", "Workflow", "Workflows", "Browser", "Server", "Provider", "Prompt", "Modell", "Team", "Teams", "Feedback", "Details", "Filter", "Software", "Hardware"]),
  fr: new Set(["Communication", "Instance", "Condition", "Minutes", "Table", "Instances", "Conditions", "Description", "Actions", "Action", "Notifications", "Configuration", "Documentation", "Message", "Messages", "Source", "Sources", "Type", "Types", "Version", "Option", "Options", "Navigation", "Question", "Questions", "Important", "Total", "Service", "Services", "Production", "Session", "Sessions", "Transactions", "Protection", "Exportation", "Importation", "Organisation", "Organisations", "Validation", "Pause", "Date", "Dates", "Places", "Minute", "Secondes", "Article", "Articles", "Global", "Normal", "Critique", "Contact", "Support", "Stable", "Suggestions", "Permissions", "Invitation", "Invitations", "Notes", "Note", "Visible", "Rapide", "Application", "Applications", "Agent", "Agents", "Workflow", "Workflows", "Image", "Images", "Statut", "Simple", "Code", "Email", "Tags", "Tag", "workflow", "workflows"]),
};

/** Keys whose English is the point. */
const SAME_KEYS = new Set<string>(["workflow-builder:importDialog.placeholder"]);
/** Only the text around {{variables}}, $t() nestings and <tags> counts. */
const words = (value: string) => value.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+\s*\/?>/g, "");
const BRANDS_AND_CODES = new Set<string>([
  "Mistral", "Google AI", "Groq", "Perplexity", "Gmail", "WhatsApp", "Telegram", "Browser Use", "Node.js", "pg-boss", "Dockerfile", "Commit", "Route",
  "ms", "Windows-1252", "UTF-8", "Supabase", "sk-...", "Ctrl K", "Markdown", "Mermaid", "Ollama", "OpenRouter", "DeepSeek", "Cohere", "Discord", "Notion", "Jira", "Linear", "Trello",
]);
/** A word every language writes the same: a listed name, a code (digits, "_", capitals only) or `code`. */
const sameWord = (w: string) => SAME_IN_EVERY_LANGUAGE.has(w) || BRANDS_AND_CODES.has(w) || /\d|_/.test(w) || /^[A-Z]{2,}s?$/.test(w) || /^`.*`$/.test(w);
const allowed = (value: string) => {
  const text = words(value).trim();
  if (!/\p{L}/u.test(text) || SAME_IN_EVERY_LANGUAGE.has(text) || BRANDS_AND_CODES.has(text)) return true;
  if (/^(https?:\/\/|mailto:|\/)\S*$/.test(text) || /^[\w.+-]+@[\w.-]+$/.test(text) || /^`[^`]*`$/.test(text)) return true;
  return (text.match(/[\p{L}\p{N}_.`-]+/gu) ?? []).every((w) => sameWord(w.replace(/[.,]$/, "")));
};
/** Keys that hold anchors, code or product names, never prose. */
const codeKey = (key: string) => /(^|\.)id$/.test(key) || /(^|\.)code$/.test(key) || /(^|\.)providers\.\w+(\.name)?$/.test(key);

describe.each(targets)("%s translations", (lng) => {
  it.each(namespaces)("%s.json exists", (ns) => {
    expect(existsSync(join(root, lng, `${ns}.json`)), `src/web/i18n/${lng}/${ns}.json`).toBe(true);
  });

  it.each(namespaces.filter((ns) => existsSync(join(root, lng, `${ns}.json`))))("%s.json: every key, translated, same variables", (ns) => {
    const english = flatten(read("en", ns));
    const translated = flatten(read(lng, ns));
    const { required, optional } = expectedKeys(english, lng);
    const missing = [...required].filter((k) => !translated.has(k));
    const extra = [...translated.keys()].filter((k) => !required.has(k) && !optional.has(k));
    expect(missing, `keys missing from ${lng}/${ns}.json`).toEqual([]);
    expect(extra, `keys in ${lng}/${ns}.json that English does not have`).toEqual([]);

    const untranslated: string[] = [];
    const wrongVariables: string[] = [];
    const wrongTags: string[] = [];
    for (const [key, text] of translated) {
      const plural = pluralBase(key);
      const source = english.get(key) ?? (plural ? (english.get(`${plural.base}_other`) ?? english.get(`${plural.base}_one`)) : undefined);
      if (source === undefined) continue;
      if (text === source && !allowed(source) && !COGNATES[lng].has(words(source).trim()) && !codeKey(key) && !SAME_KEYS.has(`${ns}:${key}`)) untranslated.push(`${key}: ${JSON.stringify(text)}`);
      // A singular may name its one thing instead of {{count}} ("Eine Aufgabe"); every other variable must be there.
      const want = variables(source).filter((v) => !(plural && v === "count" && plural.suffix !== "other"));
      const got = variables(text);
      if (want.some((v) => !got.includes(v)) || got.some((v) => !variables(source).includes(v) && v !== "count")) wrongVariables.push(`${key}: ${JSON.stringify(text)} (English: ${JSON.stringify(source)})`);
      if (JSON.stringify(tags(text)) !== JSON.stringify(tags(source))) wrongTags.push(`${key}: ${JSON.stringify(text)}`);
    }
    expect(untranslated, `texts in ${lng}/${ns}.json still in English (translate, or add to the allow-list if the same in every language)`).toEqual([]);
    expect(wrongVariables, `texts in ${lng}/${ns}.json whose {{variables}} differ from English`).toEqual([]);
    expect(wrongTags, `texts in ${lng}/${ns}.json whose <tags> differ from English`).toEqual([]);
  });

  it("counts are formatted as numbers, as in English", () => {
    const bare = /\{\{(count|total|tasks|limit|shown|open|used|seconds)\}\}/g;
    const offenders = readdirSync(join(root, lng))
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => [...readFileSync(join(root, lng, f), "utf8").matchAll(bare)].map((m) => `${f}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });
});

describe("audit codes", () => {
  it.each(["en", ...targets])("every action, group and target the server writes has a %s label", (lng) => {
    const audit = flatten(read(lng, "audit"));
    const wanted = [...AUDIT_ACTIONS.map((a) => `actions.${a}`), ...auditActionGroups().map(({ group }) => `actionGroups.${group}`), ...AUDIT_TARGETS.map((type) => `targets.${type}`)];
    expect(wanted.filter((key) => !audit.get(key)?.trim())).toEqual([]);
    // And no label the server no longer writes.
    const known = new Set(wanted);
    expect([...audit.keys()].filter((key) => /^(actions|actionGroups|targets)\./.test(key) && !known.has(key))).toEqual([]);
  });
});
