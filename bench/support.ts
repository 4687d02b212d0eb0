// Shared by the benches: an embedded database in a temp dir, a throwaway database on a
// PostgreSQL server (created and dropped here, so the server's own databases are never touched),
// quantiles, and, for the benches that run the server in a process of its own, starting it, an
// HTTP client, a signed-up user and the RSS of a process.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openEmbedded, openPostgres, type Database } from "../src/server/db/client";
import { freePort } from "../src/server/testing/free-port";
import { createThrowawayDatabase } from "../src/server/testing/test-database";

const root = new URL("..", import.meta.url).pathname;

/** PGlite in a fresh temp dir, migrated; closed and removed afterwards. */
export async function withEmbedded<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), "whq-bench-pglite-"));
  const database = await openEmbedded(dataDir);
  try {
    return await fn(database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An empty throwaway database on serverUrl's server, dropped afterwards whatever happens. */
export async function withThrowawayDatabaseUrl<T>(serverUrl: string, fn: (url: string, name: string) => Promise<T>): Promise<T> {
  const { url, name, drop } = await createThrowawayDatabase(serverUrl, "whq_bench");
  try {
    return await fn(url, name);
  } finally {
    await drop();
  }
}

/** A migrated throwaway database on serverUrl's server, dropped afterwards whatever happens. */
export function withThrowawayPostgres<T>(serverUrl: string, fn: (database: Database, info: { url: string; host: string; name: string }) => Promise<T>): Promise<T> {
  return withThrowawayDatabaseUrl(serverUrl, async (url, name) => {
    const database = await openPostgres(url);
    try {
      return await fn(database, { url, host: new URL(url).host, name });
    } finally {
      await database.close();
    }
  });
}

/** The p-quantile (0..1) of an ascending array, nearest rank below. */
export const quantile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/** The resident set of a process, in kB (Linux). */
export const rssKb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

export type SpawnedServer = { child: ChildProcess; url: string; port: number };

/**
 * The server in a process of its own, on a free port of 127.0.0.1 (PORT, HOST and APP_URL are set
 * here; `env` adds to this process's environment), resolved once it logs "running at". `command`
 * is the start command (`node --import tsx src/server/index.ts` by default); `onLine` hears every
 * line it writes to stdout for as long as it runs.
 */
export async function spawnServer(env: Record<string, string>, { command = [process.execPath, "--import", "tsx", "src/server/index.ts"], onLine }: { command?: string[]; onLine?: (line: string) => void } = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(command[0]!, command.slice(1), { cwd: root, env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    let partial = "";
    child.stdout!.on("data", (d: Buffer) => {
      const text = d.toString();
      if (text.includes("running at")) resolve();
      const lines = (partial + text).split("\n");
      partial = lines.pop()!;
      if (onLine) for (const line of lines) onLine(line);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
  return { child, url, port };
}

export type Reply = { status: number; body: string; cookie: string };
export type HttpClient = {
  base: string;
  send: (method: string, path: string, options?: { body?: unknown; cookie?: string }) => Promise<Reply>;
  /** The reply, or an error naming `what` when it is neither 2xx nor a 302. */
  expectOk: (reply: Promise<Reply>, what: string) => Promise<Reply>;
  /** Closes the keep-alive connections. */
  close: () => void;
};

/** Requests to `base` over keep-alive connections, with its origin and `headers` on every one; JSON bodies, the cookies set. */
export function httpClient(base: string, { maxSockets, headers: extra = {} }: { maxSockets: number; headers?: Record<string, string> }): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const send: HttpClient["send"] = (method, path, options = {}) =>
    new Promise((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string> = { origin: base, ...extra, ...(options.cookie ? { cookie: options.cookie } : {}), ...(payload ? { "content-type": "application/json" } : {}) };
      const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, cookie: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ") }));
      });
      req.on("error", reject);
      req.end(payload);
    });
  const expectOk: HttpClient["expectOk"] = async (reply, what) => {
    const r = await reply;
    if (r.status >= 300 && r.status !== 302) throw new Error(`${what}: HTTP ${r.status} ${r.body.slice(0, 200)}`);
    return r;
  };
  return { base, send, expectOk, close: () => agent.destroy() };
}

export type SeededUser = { cookie: string; base: string; projectId: string; taskIds: string[] };
export type SignedUpOwner = { cookie: string; userId: string; orgId: string; base: string };

const PASSWORD = "lantern-orbit-5521";

/**
 * The real journey: sign up, follow the link from the dev outbox (MAIL_OUTBOX=1), sign in and
 * bootstrap an organisation the user owns. `base` is the organisation's API path.
 */
export async function signUpOwner({ send, expectOk }: HttpClient, label: string): Promise<SignedUpOwner> {
  const email = `${label.toLowerCase().replaceAll(" ", "-")}-${randomBytes(3).toString("hex")}@example.test`;
  await expectOk(send("POST", "/api/auth/sign-up/email", { body: { email, password: PASSWORD, name: label, callbackURL: "/" } }), "sign-up");
  const outbox = JSON.parse((await expectOk(send("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`), "outbox")).body) as { messages: { text: string }[] };
  const link = new URL(/https?:\/\/\S+/.exec(outbox.messages[0]?.text ?? "")?.[0] ?? "");
  await expectOk(send("GET", link.pathname + link.search), "verify");
  const signIn = await expectOk(send("POST", "/api/auth/sign-in/email", { body: { email, password: PASSWORD } }), "sign-in");
  const userId = (JSON.parse(signIn.body) as { user: { id: string } }).user.id;
  const cookie = signIn.cookie;
  const org = await expectOk(send("POST", "/functions/v1/org-bootstrap", { cookie, body: { user_id: userId } }), "org-bootstrap");
  const orgId = (JSON.parse(org.body) as { org: { id: string } }).org.id;
  return { cookie, userId, orgId, base: `/api/v1/organisations/${orgId}` };
}

/** signUpOwner, then a plane and a project, all named `label`. */
export async function seedUser(client: HttpClient, label: string): Promise<SeededUser> {
  const { send, expectOk } = client;
  const { cookie, base: orgBase } = await signUpOwner(client, label);
  const plane = await expectOk(send("POST", `${orgBase}/planes`, { cookie, body: { name: label } }), "plane");
  const planeId = (JSON.parse(plane.body) as { plane: { id: string } }).plane.id;
  const project = await expectOk(send("POST", `${orgBase}/projects`, { cookie, body: { plane_id: planeId, name: label } }), "project");
  return { cookie, base: orgBase, projectId: (JSON.parse(project.body) as { project: { id: string } }).project.id, taskIds: [] };
}
