import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

type StandInTask = { id: string; key: string; task: string; reads: number; outcome: "succeed" | "fail" };

export type BrowserUseStandIn = {
  url: string;
  /** Keys it accepts; any other gets 401 {"detail": ...} as Browser Use answers an unknown key. */
  keys: Set<string>;
  /** Every answer waits this long first (a slow provider, or one past our timeout). */
  setDelay: (ms: number) => void;
  /** Reads of a task before it ends (it is `started` until then). */
  setReadsToFinish: (n: number) => void;
  /** New tasks end with isSuccess false and an explanation, as a task the agent could not do. */
  setFailTasks: (fail: boolean) => void;
  /** Answers 500 to task reads (a provider having a bad minute). */
  setReadErrors: (on: boolean) => void;
  tasks: () => StandInTask[];
  close: () => Promise<void>;
};

/**
 * Browser Use's cloud API v2 as far as we use it: GET /api/v2/billing/account, POST /api/v2/tasks
 * (202 {id, sessionId}) and GET /api/v2/tasks/{id} (TaskView: status created, started, finished;
 * output; isSuccess), keyed by `X-Browser-Use-API-Key`. A task belongs to the key that made it:
 * another key reading it gets 404, as on the real service.
 */
export async function startBrowserUseStandIn(): Promise<BrowserUseStandIn> {
  const keys = new Set<string>();
  const tasks = new Map<string, StandInTask>();
  let delayMs = 0;
  let readsToFinish = 1;
  let failTasks = false;
  let readErrors = false;

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const send = (status: number, value: unknown) => {
      if (!res.destroyed) res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    };
    const key = req.headers["x-browser-use-api-key"];
    if (typeof key !== "string" || !keys.has(key)) return send(401, { detail: "Invalid API key" });
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.method === "GET" && url.pathname === "/api/v2/billing/account") {
      return send(200, { name: "Stand-in project", monthlyCreditsBalanceUsd: 5, additionalCreditsBalanceUsd: 0, totalCreditsBalanceUsd: 5, rateLimit: 10, planInfo: null, projectId: "p1" });
    }
    if (req.method === "POST" && url.pathname === "/api/v2/tasks") {
      let parsed: { task?: unknown };
      try {
        parsed = JSON.parse(body) as { task?: unknown };
      } catch {
        return send(422, { detail: [{ loc: ["body"], msg: "JSON decode error", type: "json_invalid" }] });
      }
      if (typeof parsed.task !== "string" || !parsed.task.trim()) return send(422, { detail: [{ loc: ["body", "task"], msg: "Field required", type: "missing" }] });
      const task: StandInTask = { id: randomUUID(), key, task: parsed.task, reads: 0, outcome: failTasks ? "fail" : "succeed" };
      tasks.set(task.id, task);
      return send(202, { id: task.id, sessionId: randomUUID() });
    }
    const match = /^\/api\/v2\/tasks\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && match) {
      const task = tasks.get(decodeURIComponent(match[1]!));
      if (!task || task.key !== key) return send(404, { detail: "Task not found" });
      if (readErrors) return send(500, { detail: "Internal Server Error" });
      task.reads += 1;
      const done = task.reads >= readsToFinish;
      const output = !done ? null : task.outcome === "succeed" ? `Done: ${task.task}` : "The agent could not complete the task: the page asked for a login";
      return send(200, { id: task.id, sessionId: "s", llm: "browser-use-llm", task: task.task, status: done ? "finished" : "started", output, isSuccess: done ? task.outcome === "succeed" : null, steps: [] });
    }
    send(404, { detail: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    setDelay: (ms) => void (delayMs = ms),
    setReadsToFinish: (n) => void (readsToFinish = n),
    setFailTasks: (fail) => void (failTasks = fail),
    setReadErrors: (on) => void (readErrors = on),
    tasks: () => [...tasks.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", () => resolve(text));
  });
}
