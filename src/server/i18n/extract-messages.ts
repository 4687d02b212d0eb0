import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/**
 * Every text the server can put in an error answer, read from its source: the messages and field
 * texts of `new AppError(…)`, followed through the constants, helper functions and parameters that
 * carry them; and the shared workflow code's texts the builder shows (SEEDS). A template literal becomes a key with `{}` for each value it interpolates.
 * Used by the catalogue's completeness test (server-messages.test.ts) and `npm run i18n:server`.
 */
export type FoundMessage = { text: string; at: string };
export type Extraction = { messages: FoundMessage[]; unresolved: FoundMessage[] };

const root = join(import.meta.dirname, "..", "..");
const DIRS = ["server", "shared"];

type SourceFile = { file: string; source: ts.SourceFile };

function sourceFiles(): SourceFile[] {
  return DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".d.ts"))
      .map((e) => join(e.parentPath, e.name))
      .filter((file) => !file.includes(join("server", "i18n")) && !file.includes(join("server", "testing")))
      .map((file) => ({ file: relative(root, file), source: ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true) })),
  );
}

function walk(node: ts.Node, visit: (n: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

type Callable = ts.ArrowFunction | ts.FunctionDeclaration | ts.FunctionExpression;
const isCallable = (n: ts.Node): n is Callable => ts.isArrowFunction(n) || ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n);

/** Named constants and functions of every file, by name (a name may be declared in more than one file). */
function declarations(files: SourceFile[]) {
  const byName = new Map<string, ts.Node[]>();
  /** `${file}:${name}`: a name declared in the file that uses it is that one, not a namesake elsewhere. */
  for (const { source } of files) {
    walk(source, (n) => {
      let name: string | undefined;
      let value: ts.Node | undefined;
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) [name, value] = [n.name.text, n.initializer];
      else if (ts.isFunctionDeclaration(n) && n.name) [name, value] = [n.name.text, n];
      if (!name || !value) return;
      byName.set(name, [...(byName.get(name) ?? []), value]);
      byName.set(`${source.fileName}:${name}`, [...(byName.get(`${source.fileName}:${name}`) ?? []), value]);
    });
  }
  return (name: string, from: ts.Node) => byName.get(`${from.getSourceFile().fileName}:${name}`) ?? byName.get(name);
}

/** Text a person reads has a letter and a space: a sentence or "{} ms", not "{}/healthz". */
const hasWords = (text: string) => /\p{L}/u.test(text) && /\s/.test(text);

/** Literal text in every branch: "a", `b ${x}`, c ? "d" : "e". */
const isAllText = (e: ts.Expression): boolean =>
  ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e) || (ts.isConditionalExpression(e) && isAllText(e.whenTrue) && isAllText(e.whenFalse));

function returnedExpressions(fn: Callable): ts.Expression[] {
  if (fn.body && !ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  if (fn.body) walk(fn.body, (n) => { if (ts.isReturnStatement(n) && n.expression) out.push(n.expression); });
  return out;
}

/**
 * Messages that reach an AppError inside a value rather than by name (`access.message`, `bad.message`):
 * the constants they come from, and the functions whose returned objects carry them in a property.
 */
export const SEEDS = {
  constants: ["UNSTORABLE_TEXT", "TOO_DEEP", "smokeCheckLabels", "CHAT_INTERRUPTED_SYSTEM_MESSAGE", "BUDGET_LABELS", "UNKNOWN_FIELD"],
  returnedProperties: [
    { fn: "n8nAccessOf", property: "message" },
    { fn: "callN8nApi", property: "reason" },
    // The workflow checker's problems, which the builder shows and a save refused by the server names.
    { fn: "validateWorkflow", property: "message" },
    // The Deploy panel's status line, sent in a 200 answer and translated by its route.
    { fn: "statusOfCopy", property: "message" },
    { fn: "getDeploymentStatus", property: "message" },
    // A platform repair's result, stored with the issue and translated when read.
    { fn: "outcomeOf", property: "result" },
    { fn: "rePing", property: "result" },
    { fn: "repairNoOwner", property: "result" },
    { fn: "removeMembersWhoCannotSignIn", property: "result" },
    // The agent's Quickstart steps and a test's outcome, translated when read (agents/agent-language.ts).
    { fn: "getAgentSetup", property: "detail" },
    { fn: "workflowStep", property: "detail" },
    { fn: "agentStep", property: "detail" },
    { fn: "jobStep", property: "detail" },
    { fn: "isN8nHealthy", property: "detail" },
    { fn: "pingAgent", property: "message" },
    { fn: "pingAgent", property: "error" },
    { fn: "postToN8nWebhook", property: "error" },
    // Why n8n did not take a job or a Test's ping: stored as the job's last error, translated when read.
    { fn: "readAcceptance", property: "reason" },
    // The chat's agent picker: why an agent is not ready, and the built-in agents' names.
    { fn: "listChatAgents", property: "name" },
    { fn: "listChatAgents", property: "detail" },
    { fn: "n8nAgentOf", property: "detail" },
    { fn: "llmTargetOf", property: "detail" },
    // The switchboard's refusal on /hq.
    { fn: "sendSwitchboardMessage", property: "error" },
    // A key test's outcome, stored with the connection and translated when read (connections/connection-language.ts).
    { fn: "testConnection", property: "message" },
    { fn: "testOpenAi", property: "message" },
    { fn: "testAnthropic", property: "message" },
    { fn: "testN8n", property: "message" },
    { fn: "testN8nKey", property: "message" },
    { fn: "request", property: "message" },
    { fn: "testBrowserUseKey", property: "message" },
  ],
  /** Object properties that hold a text shown to people, in the files under `dir`: scan reports, stored in English and translated when read. */
  properties: [
    { dir: "server/modules/health/", names: ["description", "detail", "fix"] },
    // A chat action card's title and detail, stored with the message and translated when read.
    { dir: "server/modules/chat/tools/", names: ["title", "detail"] },
    { dir: "server/modules/chat/confirm-action.ts", names: ["detail"] },
    // The operator pages: the environment checks' details and the smoke tests' messages.
    { dir: "server/modules/ops/", names: ["detail"] },
    { dir: "server/modules/smoke/", names: ["message"] },
    // Why a sent job was moved on without a report: its last error, translated when read.
    { dir: "server/modules/jobs/sweep-silent-jobs.ts", names: ["lastError"] },
    // A CSV import's report: rows left out and why, and why an import stopped (stored in English).
    { dir: "server/modules/onboarding/run-task-import.ts", names: ["message", "failure"] },
  ],
  /** Calls whose argument at `index` is a text shown to people: the builder's form problems, import failures and notes. */
  calls: [
    { file: "shared/n8n/node-parameters.ts", callee: "need", index: 2 },
    { file: "shared/n8n/from-n8n.ts", callee: "fail", index: 0 },
    { file: "shared/n8n/from-n8n.ts", callee: "notes.push", index: 0 },
    // A project scan's findings, and why a site could not be fetched (part of a finding).
    { file: "server/modules/health/", callee: "makeIssue", index: 1 },
    { file: "server/lib/outbound-fetch.ts", callee: "new OutboundError", index: 1 },
    // The guard's refusal of a private address (its own error class), shown as why a link or site was not checked.
    { file: "server/lib/outbound-fetch.ts", callee: "super", index: 1 },
    // A chat action card's title, and why a tool failed (its detail).
    { file: "server/modules/chat/tools/", callee: "outcome", index: 2 },
    { file: "server/modules/chat/tools/", callee: "failedOutcome", index: 1 },
    { file: "server/modules/chat/tools/", callee: "failedOutcome", index: 2 },
    { file: "server/modules/ops/", callee: "check", index: 3 },
    { file: "server/modules/smoke/", callee: "new SmokeFailure", index: 0 },
    // The whole answer's time limit, said in the chat's error and in agent-chat's refusal.
    { file: "server/modules/chat/answer.ts", callee: "new LlmError", index: 1 },
    { file: "server/modules/onboarding/", callee: "problem", index: 1 },
  ],
};

export function extractServerMessages(): Extraction {
  const files = sourceFiles();
  const declared = declarations(files);
  const messages: FoundMessage[] = [];
  const unresolved: FoundMessage[] = [];
  const seen = new Set<ts.Node>();
  /** Functions whose parameter at `index` is a message: their call sites are read too. */
  const messageParams = new Map<string, Set<number>>();
  /** Functions whose parameter at `index` is interpolated into a message: their call sites' literal words are read. */
  const wordParams = new Map<string, Set<number>>();

  const remember = (params: Map<string, Set<number>>, { fn, index }: { fn: string; index: number }) => {
    params.set(fn, (params.get(fn) ?? new Set<number>()).add(index));
  };
  const where = (n: ts.Node) => {
    const source = n.getSourceFile();
    return `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  };

  function message(expr: ts.Expression | undefined): void {
    if (!expr || seen.has(expr) || expr.kind === ts.SyntaxKind.NullKeyword) return;
    seen.add(expr);
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr) || ts.isAwaitExpression(expr)) return message(expr.expression);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return void messages.push({ text: expr.text, at: where(expr) });
    if (ts.isTemplateExpression(expr)) {
      // What a template interpolates may be words too ("while {doing}"): they are translated on their own.
      for (const span of expr.templateSpans) interpolated(span.expression);
      const text = expr.head.text + expr.templateSpans.map((s) => `{}${s.literal.text}`).join("");
      return void messages.push({ text, at: where(expr) });
    }
    if (ts.isConditionalExpression(expr)) return void [expr.whenTrue, expr.whenFalse].forEach(message);
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return void [expr.left, expr.right].forEach(message);
    // A row's name or title (`task.projects.name`) is the user's data, not a text of ours.
    if (ts.isPropertyAccessExpression(expr) && (expr.name.text === "name" || expr.name.text === "title")) return;
    // `found.error` where `const found = await findTask(…)`: that property of what the function returns.
    if (ts.isPropertyAccessExpression(expr) && returnedProperty(expr)) return;
    if (ts.isIdentifier(expr)) {
      const param = enclosingParameter(expr);
      if (param) return remember(messageParams, param);
      const found = declared(expr.text, expr);
      if (!found) return void unresolved.push({ text: expr.getText(), at: where(expr) });
      for (const d of found) {
        if (isCallable(d)) returnedExpressions(d).forEach(message);
        else message(d as ts.Expression);
      }
      return;
    }
    if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) {
      const found = declared(expr.expression.text, expr)?.filter(isCallable);
      if (found?.length) return void found.forEach((fn) => returnedExpressions(fn).forEach(message));
    }
    // A table of messages (`alreadyDone[action.state]`): every message in it.
    if (ts.isElementAccessExpression(expr)) return message(expr.expression);
    if (ts.isObjectLiteralExpression(expr)) return fields(expr);
    unresolved.push({ text: expr.getText(), at: where(expr) });
  }

  /** Follows `x.prop` to the `prop` of the objects returned by the function `x` was assigned from; false when there is none. */
  function returnedProperty(access: ts.PropertyAccessExpression): boolean {
    if (!ts.isIdentifier(access.expression)) return false;
    let followed = false;
    for (const d of declared(access.expression.text, access) ?? []) {
      let init = d as ts.Expression;
      while (ts.isAwaitExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) continue;
      for (const fn of declared(init.expression.text, init)?.filter(isCallable) ?? []) {
        for (const returned of returnedExpressions(fn)) {
          walk(returned, (n) => {
            if (!ts.isPropertyAssignment(n) || !ts.isIdentifier(n.name) || n.name.text !== access.name.text || !ts.isObjectLiteralExpression(n.parent)) return;
            followed = true;
            message(n.initializer);
          });
        }
      }
    }
    return followed;
  }

  /** A value a message interpolates: followed when it is text we write, ignored when it is data. */
  function interpolated(expr: ts.Expression): void {
    // A mark or nothing ("+", "") joined onto a value has nothing to translate.
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return /\p{L}/u.test(expr.text) ? message(expr) : undefined;
    // A template of words ("while {}", "{} ms") is ours to translate; an address or a joint of
    // values ("{}/healthz", "{}{}") is not, but what it joins may be.
    if (ts.isTemplateExpression(expr)) {
      if (hasWords(expr.head.text + expr.templateSpans.map((s) => `{}${s.literal.text}`).join(""))) return message(expr);
      return void expr.templateSpans.forEach((span) => interpolated(span.expression));
    }
    if (ts.isConditionalExpression(expr)) return void [expr.whenTrue, expr.whenFalse].forEach(interpolated);
    if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) {
      const found = declared(expr.expression.text, expr)?.filter(isCallable);
      found?.forEach((fn) => returnedExpressions(fn).forEach((r) => interpolated(r)));
      return;
    }
    if (ts.isIdentifier(expr)) {
      const param = enclosingParameter(expr);
      if (param) return remember(wordParams, param);
      // A local constant holding only words (`const doing = activate ? "activating…" : "…"`), not data with a default.
      for (const d of declared(expr.text, expr) ?? []) if (!isCallable(d) && isAllText(d as ts.Expression)) interpolated(d as ts.Expression);
    }
  }

  function fields(expr: ts.Expression | undefined): void {
    if (!expr) return;
    if (ts.isObjectLiteralExpression(expr)) {
      for (const p of expr.properties) if (ts.isPropertyAssignment(p)) message(p.initializer);
      return;
    }
    if (ts.isIdentifier(expr) && expr.text === "undefined") return;
    // A record built in code (a parse's field errors) is translated where it was made.
  }

  for (const name of SEEDS.constants) for (const d of declared(name, files[0]!.source) ?? []) message(d as ts.Expression);
  for (const { fn, property } of SEEDS.returnedProperties) {
    for (const d of declared(fn, files[0]!.source)?.filter(isCallable) ?? []) {
      walk(d, (n) => {
        if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === property && ts.isObjectLiteralExpression(n.parent)) message(n.initializer);
        if (ts.isShorthandPropertyAssignment(n) && n.name.text === property) message(n.name);
      });
    }
  }
  for (const { file, source } of files) {
    for (const { dir, names } of SEEDS.properties) {
      if (!file.startsWith(dir)) continue;
      walk(source, (n) => {
        if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && names.includes(n.name.text)) message(n.initializer);
        // `{ passed, detail }`: the constant of that name.
        if (!ts.isShorthandPropertyAssignment(n) || !names.includes(n.name.text)) return;
        for (const d of declared(n.name.text, n) ?? []) if (!isCallable(d) && d.getSourceFile() === source) message(d as ts.Expression);
      });
    }
    walk(source, (n) => {
      if (!ts.isCallExpression(n) && !ts.isNewExpression(n)) return;
      const callee = `${ts.isNewExpression(n) ? "new " : ""}${n.expression.getText()}`;
      for (const seed of SEEDS.calls) if (file.startsWith(seed.file) && seed.callee === callee) message(n.arguments?.[seed.index]);
    });
  }
  for (const { source } of files) {
    walk(source, (n) => {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "AppError") {
        message(n.arguments?.[1]);
        fields(n.arguments?.[2]);
      }
    });
  }
  // Parameters that carry messages: read every call site of their function, until nothing new.
  for (let done = -1; done !== messageParams.size + wordParams.size; ) {
    done = messageParams.size + wordParams.size;
    for (const { source } of files) {
      walk(source, (n) => {
        if (!ts.isCallExpression(n) || !ts.isIdentifier(n.expression)) return;
        for (const index of messageParams.get(n.expression.text) ?? []) message(n.arguments[index]);
        for (const index of wordParams.get(n.expression.text) ?? []) {
          const arg = n.arguments[index];
          if (arg) interpolated(arg);
        }
      });
    }
  }
  return { messages, unresolved };
}

/** `message` in `const refused = (message: string) => …` -> the function's name and the parameter's place. */
function enclosingParameter(id: ts.Identifier): { fn: string; index: number } | undefined {
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (!isCallable(n)) continue;
    const index = n.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
    if (index < 0) continue;
    const name = ts.isFunctionDeclaration(n) ? n.name?.text : ts.isVariableDeclaration(n.parent) && ts.isIdentifier(n.parent.name) ? n.parent.name.text : undefined;
    return name ? { fn: name, index } : undefined;
  }
  return undefined;
}
