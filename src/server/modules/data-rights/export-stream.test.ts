import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataExport, ExportEstimate } from "@/shared/data-rights";
import { chatMessages, conversations, dataExportChunks, dataExports } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { download, unzipText } from "./data-rights-fixtures";
import { EXPORT_PAGE_ROWS, readPage, readSource, type ExportSource } from "./export-sources";
import { runDataExport } from "./run-export";

let t: TestApp;
let owner: OrgUser;
const db = () => t.services.database.db;
const run = (id: string, maxBytes = 64 * 1024 * 1024) => runDataExport({ db: db(), appName: "We Love HQ", now: () => new Date(), maxBytes }, id);
/** More rows than a page holds, wide and hard to compress (hex), so the zip needs several pieces. */
const MESSAGES = EXPORT_PAGE_ROWS * 2 + 37;

beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
  owner = await orgUser(t.app, db(), "stream");
  const [conversation] = await db().insert(conversations).values({ orgId: owner.orgId, userId: owner.id, title: "Long chat" }).returning();
  await db().execute(sql`insert into chat_messages (conversation_id, org_id, role, content)
    select ${conversation!.id}, ${owner.orgId}, 'user', 'message ' || g || ' ' || (select string_agg(md5(g::text || '-' || h), '') from generate_series(1, 40) h)
    from generate_series(1, ${MESSAGES}) g`);
});
afterAll(async () => t?.close());

async function started(path: string): Promise<DataExport> {
  const answer = await call(t.app, "POST", path, { cookie: owner.cookie });
  expect(answer.status).toBe(202);
  return field<DataExport>(answer, "export");
}

describe("a streamed export", () => {
  it("holds every row once across pages, stored in pieces that download as one zip", async () => {
    const queued = await started("/api/v1/me/exports");
    await run(queued.id);
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, queued.id));
    expect(row).toMatchObject({ status: "done", progress: 100 });
    const pieces = await db().select({ seq: dataExportChunks.seq, size: sql<number>`octet_length(${dataExportChunks.data})` }).from(dataExportChunks).where(eq(dataExportChunks.exportId, queued.id));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.reduce((sum, p) => sum + Number(p.size), 0)).toBe(row!.fileSize);

    const file = await download(t.app, `/api/v1/me/exports/${queued.id}/download`, owner.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-length")).toBe(String(row!.fileSize));
    expect(file.bytes.byteLength).toBe(row!.fileSize);
    const files = unzipText(file.bytes);
    const messages = JSON.parse(files["chat_messages.json"]!) as { content: string }[];
    expect(messages).toHaveLength(MESSAGES);
    expect(new Set(messages.map((m) => m.content.split(" ")[1])).size).toBe(MESSAGES);
    // The header and a line per message (contents hold no line breaks).
    expect(files["chat_messages.csv"]!.trimEnd().split("\r\n")).toHaveLength(MESSAGES + 1);
    expect(files["README.txt"]).toContain(`- chat_messages: ${MESSAGES} rows`);
  });

  it("fails past the size cap with a code the screen words, and keeps no piece", async () => {
    const queued = await started(`${owner.base}/exports`);
    await run(queued.id, 200 * 1024);
    const answer = field<DataExport>(await call(t.app, "GET", `/api/v1/me/exports/${queued.id}`, { cookie: owner.cookie }), "export");
    expect(answer).toMatchObject({ status: "failed", error: "too_large", file_size: null });
    expect(await db().select().from(dataExportChunks).where(eq(dataExportChunks.exportId, queued.id))).toEqual([]);
    expect((await download(t.app, `/api/v1/me/exports/${queued.id}/download`, owner.cookie)).status).toBe(409);
  });

  it("tells before starting how large it is likely to be, for the person and for the organisation's owner", async () => {
    const mine = field<ExportEstimate>(await call(t.app, "GET", "/api/v1/me/exports/estimate", { cookie: owner.cookie }), "estimate");
    expect(mine.rows).toBeGreaterThanOrEqual(MESSAGES);
    // Each message is about 1.3 KB of text, written twice (JSON and CSV).
    expect(mine.bytes).toBeGreaterThan(MESSAGES * 2 * 1_200);
    expect(mine.bytes).toBeLessThan(MESSAGES * 2 * 2_000);
    expect(mine.max_bytes).toBe(t.services.env.EXPORT_MAX_MB * 1024 * 1024);
    const theirs = field<ExportEstimate>(await owner.api("GET", "/exports/estimate"), "estimate");
    expect(theirs.rows).toBeGreaterThanOrEqual(MESSAGES);

    const stranger = await orgUser(t.app, db(), "stream-stranger");
    expect((await call(t.app, "GET", `${owner.base}/exports/estimate`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(t.app, "GET", "/api/v1/me/exports/estimate")).status).toBe(401);
    const strangers = field<ExportEstimate>(await call(t.app, "GET", "/api/v1/me/exports/estimate", { cookie: stranger.cookie }), "estimate");
    expect(strangers.rows).toBeLessThan(50);
  });
});

describe("keyset pages", () => {
  const all = async (source: ExportSource) => {
    const rows: Record<string, unknown>[] = [];
    for await (const page of readSource(db(), source)) rows.push(...page);
    return rows;
  };

  it("walk a composite key and a table without one (by row position) without losing or repeating a row", async () => {
    const composite: ExportSource = {
      name: "pairs",
      columns: ["a", "b"],
      select: sql`a, b`,
      from: sql`from (select (g % 7) as a, g as b from generate_series(1, 1234) g) pairs where true`,
      key: [
        { name: "a", type: "integer" },
        { name: "b", type: "integer" },
      ],
    };
    const pairs = await all(composite);
    expect(pairs).toHaveLength(1234);
    expect(new Set(pairs.map((p) => p.b)).size).toBe(1234);

    const byPosition: ExportSource = { name: "chat_messages", columns: ["content"], select: sql`"content"`, from: sql`from "chat_messages" where "org_id" = ${owner.orgId}`, key: [{ name: "ctid", type: "tid" }] };
    const messages = await all(byPosition);
    expect(messages).toHaveLength(MESSAGES);
    expect(new Set(messages.map((m) => m.content)).size).toBe(MESSAGES);
    expect(messages[0]).toEqual({ content: expect.any(String) });
  });

  it("answers the next page's key, and none after the last row", async () => {
    const source: ExportSource = { name: "n", columns: ["n"], select: sql`n`, from: sql`from generate_series(1, 5) n where true`, key: [{ name: "n", type: "integer" }] };
    const first = await readPage(db(), source, null, 3);
    expect(first).toMatchObject({ rows: [{ n: 1 }, { n: 2 }, { n: 3 }], last: ["3"] });
    expect(await readPage(db(), source, first.last, 3)).toMatchObject({ rows: [{ n: 4 }, { n: 5 }], last: ["5"] });
    expect(await readPage(db(), source, ["5"], 3)).toEqual({ rows: [], last: null, bytes: 0 });
  });
});

it("the chat's messages exist (the set-up this file relies on)", async () => {
  expect((await db().select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.orgId, owner.orgId)))[0]!.n).toBe(MESSAGES);
});
