import { randomBytes, randomUUID } from "node:crypto";

/**
 * Values a client can send that a handler may not expect, in classes: the fuzz test sends at
 * least one of every class in every field of every route. `json` is the value as JSON text (so a
 * body can carry what JSON.stringify cannot build, such as 10,000 levels of nesting); `text` is
 * the value as a path or query string carries it.
 */
export type Hostile = { json: string; text: string };
/** `sweep`: each value aims at one kind of field (a limit, a zone, a date, a cursor), so a read query or date field gets them all. */
export type HostileClass = { name: string; values: Hostile[]; sweep?: true };

const of = (value: unknown): Hostile => ({ json: JSON.stringify(value), text: typeof value === "string" ? value : JSON.stringify(value) });
const raw = (json: string): Hostile => ({ json, text: json });
const cursorOf = (value: unknown) => of(Buffer.from(JSON.stringify(value)).toString("base64url"));

const deepArray = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
const MB = "x".repeat(1 << 20);
const id = randomUUID();

export const hostileClasses: HostileClass[] = [
  { name: "nul", values: [of("\u0000"), of("before\u0000after"), of("\u0000".repeat(50))] },
  { name: "lone surrogate", values: [of("\uD800"), of("x\uDFFF"), of("\uDC00\uD800"), of("ok \uDBFF")] },
  {
    name: "number",
    sweep: true,
    values: [of(1e308), of(2 ** 64), of(-1), of(0), of("NaN"), of("Infinity"), of("-1"), of("1e308"), of("18446744073709551616"), of(1.5), of(-0), raw("1e400")],
  },
  { name: "wrong type", values: [of([]), of({}), of(true), of(false), of(null), of(["a", "b"]), of({ a: 1 }), of([{ a: [1] }])] },
  { name: "deep nesting", values: [raw(deepArray(10_000)), raw(deepObject(10_000)), raw(deepArray(64))] },
  // In a URL only 16 KB: Node refuses a request head larger than that before the app sees it.
  // Random hex does not compress: over the 2,704 bytes a btree index entry may take, email-shaped.
  { name: "incompressible 8 KB", values: [of(`${randomBytes(4000).toString("hex")}@example.test`)] },
  { name: "huge", values: [MB, "y".repeat(70_000), "z".repeat(6_000)].map((v) => ({ json: JSON.stringify(v), text: v.slice(0, 16_000) })) },
  {
    name: "time zone",
    sweep: true,
    values: [of("US/Pacific-New"), of("Etc/GMT+14"), of("Mars/Phobos"), of(""), of("Europe/" + "L".repeat(300)), of("Canada/East-Saskatchewan"), of("+01:00"), of("posixrules"), of("Factory")],
  },
  {
    name: "far date",
    sweep: true,
    values: [
      of("+275760-09-13T00:00:00.000Z"),
      of("-000001-01-01T00:00:00Z"),
      of("9999-12-31T23:59:59.999Z"),
      of("0000-01-01T00:00:00Z"),
      of("0999-12-31T23:59:59Z"),
      of("9999-12-31T23:59:59-23:59"),
      of("2024-02-30T00:00:00Z"),
      of("10000-01-01"),
    ],
  },
  {
    name: "cursor",
    sweep: true,
    values: [
      of("garbage"),
      of(Buffer.from("garbage").toString("base64url")),
      cursorOf(["+275760-09-13T00:00:00.000Z", id]),
      cursorOf(["275760-09-13T00:00:00.000000Z", id]),
      cursorOf(["0000-01-01T00:00:00.000000Z", id]),
      cursorOf(["0000-01-01T00:00:00.000Z", id]),
      cursorOf(["9999-12-31T23:59:59.999999Z", "ffffffff-ffff-ffff-ffff-ffffffffffff"]),
      cursorOf(["9999-12-31T23:59:59.999Z", id]),
      cursorOf([null, "-".repeat(36)]),
      cursorOf([1e308, id]),
      cursorOf(["2024-02-30T00:00:00.000000Z", id]),
      of(Buffer.from("[").toString("base64url")),
    ],
  },
  {
    name: "unicode",
    values: [of("\u202Eevil\u202C"), of("\u200B"), of("😀🏳️‍🌈"), of("e\u0301\u0301\u0301\u0301"), of("\uFEFFbom"), of("𝕏".repeat(200)), of("\u2028\u2029\u0085"), of("\r\n\t")],
  },
  {
    name: "id and syntax",
    values: [of(randomUUID()), of("00000000-0000-0000-0000-000000000000"), of("ffffffff-ffff-ffff-ffff-ffffffffffff"), of("%"), of("_\\"), of("'; drop table tasks; --"), of("../../etc/passwd"), of("a&b=c#d")],
  },
  { name: "empty", values: [of(""), of(" "), of("\t\n")] },
];

/**
 * Probes: values every schema refuses for a field it reads, so the walk learns which fields a
 * route reads (its 400 names them) and sends those one at a time.
 */
export const PROBE_BODY_VALUE = "[[-1.5]]";
export const PROBE_QUERY_VALUE = "~".repeat(1000);

/** Does a refusal name this field? Ours in `fields`; better-auth as "[body.email] ...". */
export function namesField(text: string, where: "body" | "query", name: string): boolean {
  if (text.includes(`[${where}.${name}]`) || text.includes(`[${where}.${name}.`)) return true;
  try {
    const fields = (JSON.parse(text) as { error?: { fields?: Record<string, string> } }).error?.fields ?? {};
    return Object.keys(fields).some((key) => key === name || key.startsWith(`${name}.`));
  } catch {
    return false;
  }
}

/** A URL component for any string, lone surrogates included (as the bytes a broken client sends). */
export function encodeComponent(text: string): string {
  let out = "";
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) out += `%ED%${(0x80 | ((unit >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (unit & 0x3f)).toString(16).toUpperCase()}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** Whole bodies: not an object, not JSON, too deep, too big, or not said to be JSON. */
export const hostileBodies: { name: string; body: string; contentType: string }[] = [
  { name: "number", body: "1", contentType: "application/json" },
  { name: "string", body: '"text"', contentType: "application/json" },
  { name: "null", body: "null", contentType: "application/json" },
  { name: "array", body: "[1,2]", contentType: "application/json" },
  { name: "deep array", body: deepArray(10_000), contentType: "application/json" },
  { name: "deep object", body: deepObject(10_000), contentType: "application/json" },
  { name: "1 MB string", body: JSON.stringify(MB), contentType: "application/json" },
  { name: "invalid JSON", body: '{"name": ', contentType: "application/json" },
  { name: "raw NUL", body: '{"name":"a\u0000"}', contentType: "application/json" },
  { name: "escaped NUL", body: '{"name":"a\\u0000","email":"a\\u0000@example.test"}', contentType: "application/json" },
  { name: "byte order mark", body: '\uFEFF{"name":"x"}', contentType: "application/json" },
  { name: "text/plain", body: '{"name":"x"}', contentType: "text/plain" },
  { name: "form", body: "name=x%00&email=a%40b.c", contentType: "application/x-www-form-urlencoded" },
  { name: "multipart", body: "--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nx\r\n--b--", contentType: "multipart/form-data; boundary=b" },
  { name: "empty", body: "", contentType: "application/json" },
];
