import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionResponse } from "@/shared/connections";
import { browserUseRuns, comments, queueJobs } from "../../db/schema";
import { startBrowserUseStandIn, type BrowserUseStandIn } from "../../testing/browser-use-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { requireMembership } from "../organisations/require-membership";
import { runTool } from "../chat/tools/run-tool";
import { llmTools } from "../chat/tools/tool-defs";
import type { ToolCtx } from "../chat/tools/tool-types";
import { BROWSER_USE_QUEUE, pollRun, type BrowserUseDeps, type PollJob } from "./browser-use-worker";

let standIn: BrowserUseStandIn;
let t: TestApp;
let u: OrgUser;
let other: OrgUser;
let taskId: string;
const KEY = "bu_valid_key_0001";

beforeAll(async () => {
  standIn = await startBrowserUseStandIn();
  standIn.keys.add(KEY);
  t = await createTestApp({ BROWSER_USE_API_BASE: standIn.url, KEY_TEST_TIMEOUT_MS: "2000", OUTBOUND_TIMEOUT_MS: "2000", BROWSER_USE_POLL_BASE_MS: "10", BROWSER_USE_POLL_CEILING_MS: "600000" });
  const db = t.services.database.db;
  [u, other] = await Promise.all([orgUser(t.app, db, "bu"), orgUser(t.app, db, "bu-other")]);
  const plane = await createPlaneVia(u, "Boats");
  const project = await createProjectVia(u, plane, "Hull");
  taskId = await createTaskVia(u, project, "Find antifouling paint prices");
}, 180_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const db = () => t.services.database.db;
const toolCtx = async (who: OrgUser, envOverrides: Partial<TestApp["services"]["env"]> = {}): Promise<ToolCtx> => ({
  db: db(),
  scope: await requireMembership(db(), who.id, who.orgId),
  now: () => new Date(),
  queue: t.services.queue,
  tz: "UTC",
  env: { ...t.services.env, ...envOverrides },
  box: t.services.secrets,
});
const deps = (now = () => new Date()): BrowserUseDeps => ({ db: db(), box: t.services.secrets, queue: t.services.queue, env: t.services.env, now });
const start = async (who: OrgUser, task: string, instructions = "Compare antifouling paint prices at three shops") =>
  runTool(await toolCtx(who), { name: "start_browser_task", args: { task, instructions } });
const pollsQueued = async (runId: string) =>
  (await db().select({ data: queueJobs.data }).from(queueJobs).where(and(eq(queueJobs.queue, BROWSER_USE_QUEUE), sql`${queueJobs.data}->>'run_id' = ${runId}`))).map((r) => r.data as PollJob);
const latestRun = async (orgId: string) => (await db().select().from(browserUseRuns).where(eq(browserUseRuns.orgId, orgId)).orderBy(sql`${browserUseRuns.startedAt} desc`).limit(1))[0];
const commentsOn = (id: string) => db().select().from(comments).where(eq(comments.taskId, id));

describe("Browser Use key test", () => {
  let connectionId: string;

  it("says valid for a key Browser Use accepts, and only then connected", async () => {
    const res = await u.api("POST", "/connections", { provider: "browseruse", api_key: KEY });
    expect(res.status).toBe(201);
    const body = res.body as ConnectionResponse;
    connectionId = body.connection.id;
    expect(body.test).toEqual({ outcome: "valid", message: "Browser Use accepted the key" });
    expect(body.connection).toMatchObject({ status: "connected", test_outcome: "valid", tested: true });
    expect(body.connection.masked_key).not.toContain("0001x");
    expect(JSON.stringify(body)).not.toContain(KEY);
  });

  it("says refused for a key Browser Use does not know, and the connection shows the error", async () => {
    const res = await u.api("PATCH", `/connections/${connectionId}`, { api_key: "bu_wrong_key_9999" });
    expect(res.status).toBe(200);
    expect((res.body as ConnectionResponse).test).toEqual({ outcome: "invalid", message: "Browser Use refused the key (401)" });
    expect((res.body as ConnectionResponse).connection.status).toBe("error");
  });

  it("says unreachable when Browser Use does not answer in time", async () => {
    await u.api("PATCH", `/connections/${connectionId}`, { api_key: KEY });
    standIn.setDelay(3000);
    try {
      const res = await u.api("POST", `/connections/${connectionId}/test`);
      expect(res.status).toBe(200);
      expect((res.body as ConnectionResponse).test).toEqual({ outcome: "invalid", message: "Could not reach Browser Use: no answer within 2 s" });
      expect((res.body as ConnectionResponse).connection.status).toBe("error");
    } finally {
      standIn.setDelay(0);
    }
    const again = await u.api("POST", `/connections/${connectionId}/test`);
    expect((again.body as ConnectionResponse).connection).toMatchObject({ status: "connected", test_outcome: "valid" });
  });
});

describe("the assistant's start_browser_task", () => {
  it("is offered to the model", () => {
    expect(llmTools.map((tool) => tool.name)).toContain("start_browser_task");
  });

  it("refuses while the organisation has no verified Browser Use key", async () => {
    const outcome = await start(other, "anything");
    expect(outcome.action.state).toBe("failed");
    // The other organisation cannot reach this one's task either, by id or by title.
    const byId = await runTool(await toolCtx(other), { name: "start_browser_task", args: { task: taskId, instructions: "x" } });
    expect(byId.action).toMatchObject({ state: "failed", detail: "I couldn't find that task." });
    expect(await db().select().from(browserUseRuns).where(eq(browserUseRuns.orgId, other.orgId))).toEqual([]);
  });

  it("starts a task, polls it with backoff, and posts the result once as a comment, however often a poll is delivered", async () => {
    standIn.setReadsToFinish(3);
    const before = standIn.tasks().length;
    const outcome = await start(u, taskId);
    expect(outcome.action).toMatchObject({ state: "done", title: 'Started a browser task for "Find antifouling paint prices"' });
    expect(standIn.tasks()).toHaveLength(before + 1);
    const run = (await latestRun(u.orgId))!;
    expect(run).toMatchObject({ state: "running", polls: 0, taskId, requestedBy: u.id });
    expect(await pollsQueued(run.id)).toEqual([{ run_id: run.id, poll: 0 }]);

    // Still started: the next poll is queued, once, though the job was delivered twice at the same time.
    await Promise.all([pollRun(deps(), { run_id: run.id, poll: 0 }), pollRun(deps(), { run_id: run.id, poll: 0 })]);
    expect((await pollsQueued(run.id)).map((j) => j.poll).sort()).toEqual([0, 1]);

    await Promise.all([pollRun(deps(), { run_id: run.id, poll: 1 }), pollRun(deps(), { run_id: run.id, poll: 1 })]);
    await pollRun(deps(), { run_id: run.id, poll: 1 });
    // How the doubled deliveries met decides which poll reads the finished task: one that came after
    // another had moved the run on reads nothing (CI, under load), and a finished answer read by a
    // poll already overtaken is dropped. The poll queued after them finishes it.
    for (let i = 0; i < 3; i++) {
      const now = (await db().select().from(browserUseRuns).where(eq(browserUseRuns.id, run.id)))[0]!;
      if (now.state !== "running") break;
      await pollRun(deps(), { run_id: run.id, poll: now.polls });
    }
    const done = (await db().select().from(browserUseRuns).where(eq(browserUseRuns.id, run.id)))[0]!;
    expect(done).toMatchObject({ state: "finished", result: "Done: Compare antifouling paint prices at three shops" });
    const posted = await commentsOn(taskId);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.authorId).toBe(u.id);
    expect(posted[0]!.id).toBe(done.commentId);
    expect(posted[0]!.body).toContain("**Browser task finished** (Browser Use, started by the assistant)");
    expect(posted[0]!.body).toContain("Done: Compare antifouling paint prices");
  });

  it("posts a comment saying why when Browser Use fails the task", async () => {
    standIn.setReadsToFinish(1);
    standIn.setFailTasks(true);
    try {
      await start(u, taskId, "Log in to the supplier portal");
      const run = (await latestRun(u.orgId))!;
      await pollRun(deps(), { run_id: run.id, poll: 0 });
      const closed = (await db().select().from(browserUseRuns).where(eq(browserUseRuns.id, run.id)))[0]!;
      expect(closed).toMatchObject({ state: "failed", error: "agent_failed" });
      const body = (await commentsOn(taskId)).find((c) => c.id === closed.commentId)!.body;
      expect(body).toContain("**Browser task failed**");
      expect(body).toContain("the page asked for a login");
    } finally {
      standIn.setFailTasks(false);
    }
  });

  it("keeps polling through Browser Use's errors, and gives up at the ceiling with a comment", async () => {
    standIn.setReadErrors(true);
    try {
      await start(u, taskId, "Check the marina's opening hours");
      const run = (await latestRun(u.orgId))!;
      await pollRun(deps(), { run_id: run.id, poll: 0 });
      expect((await db().select().from(browserUseRuns).where(eq(browserUseRuns.id, run.id)))[0]).toMatchObject({ state: "running", polls: 1 });
      const later = () => new Date(run.startedAt.getTime() + t.services.env.BROWSER_USE_POLL_CEILING_MS + 1);
      await pollRun(deps(later), { run_id: run.id, poll: 1 });
      const closed = (await db().select().from(browserUseRuns).where(eq(browserUseRuns.id, run.id)))[0]!;
      expect(closed).toMatchObject({ state: "failed", error: "timed_out" });
      expect((await commentsOn(taskId)).find((c) => c.id === closed.commentId)!.body).toContain("No result came back from Browser Use within 10 minutes.");
    } finally {
      standIn.setReadErrors(false);
    }
  });

  it("ends quietly when the task was deleted meanwhile", async () => {
    const plane = await createPlaneVia(u, "Garden");
    const project = await createProjectVia(u, plane, "Shed");
    const doomed = await createTaskVia(u, project, "Order shed roof felt");
    await start(u, doomed, "Find roof felt");
    const run = (await latestRun(u.orgId))!;
    expect((await u.api("DELETE", `/tasks/${doomed}`)).status).toBe(200);
    await pollRun(deps(), { run_id: run.id, poll: 0 });
    const closed = (await db().select().from(browserUseRuns).where(eq(browserUseRuns.id, run.id)))[0]!;
    expect(closed).toMatchObject({ state: "finished", taskId: null, commentId: null });
    expect(await commentsOn(doomed)).toEqual([]);
  });

  it("fails the run with a comment when Browser Use stops accepting the key", async () => {
    await start(u, taskId, "Read the tide table");
    const run = (await latestRun(u.orgId))!;
    standIn.keys.delete(KEY);
    try {
      await pollRun(deps(), { run_id: run.id, poll: 0 });
    } finally {
      standIn.keys.add(KEY);
    }
    const closed = (await db().select().from(browserUseRuns).where(eq(browserUseRuns.id, run.id)))[0]!;
    expect(closed).toMatchObject({ state: "failed", error: "key_refused" });
    expect((await commentsOn(taskId)).find((c) => c.id === closed.commentId)!.body).toContain("Browser Use refused the organisation's API key while the task ran.");
  });

  it("says Browser Use is unreachable when it is slow to start a task, and keeps no run", async () => {
    const runsBefore = (await db().select().from(browserUseRuns).where(eq(browserUseRuns.orgId, u.orgId))).length;
    standIn.setDelay(3000);
    try {
      const outcome = await start(u, taskId);
      expect(outcome.action).toMatchObject({ state: "failed", detail: "Could not reach Browser Use: no answer within 2 s" });
    } finally {
      standIn.setDelay(0);
    }
    expect(await db().select().from(browserUseRuns).where(eq(browserUseRuns.orgId, u.orgId))).toHaveLength(runsBefore);
  });

  it("stays within the organisation's agent budget", async () => {
    const tight = await toolCtx(u, { LIMIT_AGENT_RUNS_PER_MINUTE: 1 });
    // The starts above were counted in this minute's window already, so a budget of one is used up.
    const sent = standIn.tasks().length;
    const outcome = await runTool(tight, { name: "start_browser_task", args: { task: taskId, instructions: "One more" } });
    expect(outcome.action.state).toBe("failed");
    expect(outcome.action.detail).toContain("The budget for agent runs and tests per minute per person is used up (1)");
    expect(standIn.tasks()).toHaveLength(sent);
  });
});
