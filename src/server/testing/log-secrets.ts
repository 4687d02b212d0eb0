import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export type SecretPattern = { kind: string; pattern: RegExp };
export type Finding = { file: string; line: number; kind: string; excerpt: string };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Shapes a live credential has in a log line, whatever its value. */
const shapes: SecretPattern[] = [
  { kind: "reset token in a path", pattern: /reset-password\/(?!:token\b)[\w-]{8,}/ },
  { kind: "token parameter", pattern: /\btoken=[^&\s"',;\\]{8,}/ },
  { kind: "session cookie", pattern: /session_token=[^;\s"',\\]{8,}/ },
  // An unmasked provider key; the masked form `sk-...abcd` starts with a dot.
  { kind: "API key", pattern: /(?<![A-Za-z0-9])sk-[^.\s"',\\]{6,}/ },
  // A failed query's bound values (Drizzle's message): tokens, hashes, whatever the user sent.
  { kind: "query parameters", pattern: /params: (?!\[not logged\])[^\s"\\]/ },
];

/** The literal secrets (passwords, SECRET_KEYs) plus the shapes above. */
export function secretPatterns(literals: string[]): SecretPattern[] {
  const unique = [...new Set(literals.filter((l) => l.length >= 8))];
  return [...unique.map((l) => ({ kind: "test secret", pattern: new RegExp(escape(l)) })), ...shapes];
}

/** Every hit, one per pattern and line, with the secret cut short in the excerpt. */
export function scanText(file: string, text: string, patterns: SecretPattern[]): Finding[] {
  const findings: Finding[] = [];
  text.split("\n").forEach((line, index) => {
    for (const { kind, pattern } of patterns) {
      const match = pattern.exec(line);
      if (match) findings.push({ file, line: index + 1, kind, excerpt: `${match[0].slice(0, 12)}…` });
    }
  });
  return findings;
}

export function scanLogDir(dir: string, patterns: SecretPattern[]): Finding[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
    .flatMap((file) => scanText(file, readFileSync(file, "utf8"), patterns));
}

const passwordLiteral = /\w*password\w*["']?\s*[:=]\s*["'`]([^"'`\s]{8,})["'`]/gi;
// Typed into a password field in a browser journey: password(page).fill("…"), getByLabel("…Password…").fill("…").
const typedPassword = /password[^.\n]{0,40}\)\s*\.fill\(\s*["'`]([^"'`\s]{8,})["'`]/gi;
const repeatedKey = /["'](\w)["']\.repeat\(64\)/g;

/**
 * Password literals and repeated-character keys in the test sources, so a test that brings a new
 * one is covered without a list to keep up to date.
 */
export function literalsInTestSources(root: string, dirs = ["src", "e2e"]): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (name === "node_modules") continue;
      if (statSync(full).isDirectory()) visit(full);
      else if (name.endsWith(".test.ts") || (name.endsWith(".ts") && /(^|\/)(testing|support)\//.test(relative(root, full)))) {
        const text = readFileSync(full, "utf8");
        for (const m of text.matchAll(passwordLiteral)) found.push(m[1]!);
        for (const m of text.matchAll(typedPassword)) found.push(m[1]!);
        for (const m of text.matchAll(repeatedKey)) found.push(m[1]!.repeat(64));
      }
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) visit(join(root, dir));
  // Digits alone (a too-short example) could be any number in a log; a template is no literal.
  return found.filter((literal) => !/^\d+$/.test(literal) && !literal.includes("${"));
}

export function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.file}:${f.line}: ${f.kind} (${f.excerpt})`).join("\n");
}
