import { once } from "node:events";
import { crc32, createDeflateRaw, type DeflateRaw } from "node:zlib";
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from "fflate";

/** One cell of CSV (RFC 4180). Text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows alone, each line ended: what a streamed export writes after its header. */
export function csvRows(columns: string[], rows: Record<string, unknown>[]): string {
  return rows.map((row) => `${columns.map((c) => csvCell(row[c])).join(",")}\r\n`).join("");
}

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return `${columns.map(csvCell).join(",")}\r\n${csvRows(columns, rows)}`;
}

/** What the README says of one table: its name and how many rows it holds. */
export type TableCount = { name: string; rows: number };

export function readme(appName: string, title: string, generatedAt: Date, tables: TableCount[]): string {
  return [
    `${appName}: ${title}`,
    `Generated ${generatedAt.toISOString()}.`,
    "",
    "Each table is here twice: <table>.json (an array of rows) and <table>.csv (the same rows; JSON values as text).",
    "Secrets are left out: passwords, session tokens, API keys, access tokens, two-factor secrets and signing secrets.",
    "",
    "Tables:",
    ...tables.map((t) => `- ${t.name}: ${t.rows} row${t.rows === 1 ? "" : "s"}`),
    "",
  ].join("\r\n");
}

/** A JSON array written a page of rows at a time: `[`, the rows separated by commas, `]`. */
export function jsonRows(rows: Record<string, unknown>[], first: boolean): string {
  return rows.map((row, i) => `${first && i === 0 ? "" : ",\n"}${JSON.stringify(row)}`).join("");
}

/**
 * One file of the zip, compressed by Node's zlib (twice fflate's speed, and off the event loop, so
 * a large export does not hold up the server's requests); fflate's Zip only frames it. Its size
 * and CRC are known once it ends, so fflate writes them after the data (a data descriptor).
 */
class DeflatedEntry implements ZipInputFile {
  readonly compression = 8;
  size = 0;
  crc = 0;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate: DeflateRaw;
  private readonly ended: Promise<void>;

  constructor(
    readonly filename: string,
    level: number,
  ) {
    this.deflate = createDeflateRaw({ level });
    this.deflate.on("data", (chunk: Buffer) => this.ondata?.(null, new Uint8Array(chunk), false));
    this.ended = new Promise((resolve, reject) => {
      this.deflate.once("end", () => {
        this.ondata?.(null, new Uint8Array(0), true);
        resolve();
      });
      this.deflate.once("error", reject);
    });
  }

  async write(text: string): Promise<void> {
    const bytes = Buffer.from(text, "utf8");
    this.size += bytes.byteLength;
    this.crc = crc32(bytes, this.crc);
    if (!this.deflate.write(bytes)) await once(this.deflate, "drain");
  }

  async end(): Promise<void> {
    this.deflate.end();
    await this.ended;
  }

  terminate(): void {
    this.deflate.destroy();
  }
}

/**
 * A zip made as a stream: files are written one after the other, a piece at a time, and what is
 * compressed so far is taken out in pieces (`take`), so the whole file is never held. A file added
 * before the previous one ended would be buffered whole by fflate, hence one open file at a time.
 */
export class ZipStream {
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private failure: Error | null = null;
  /** Bytes of zip produced so far. */
  size = 0;
  ended = false;

  constructor(private readonly level = 6) {
    this.zip = new Zip((error, data, final) => {
      if (error) this.failure = error;
      else {
        this.pending.push(data);
        this.pendingBytes += data.byteLength;
        this.size += data.byteLength;
        if (final) this.ended = true;
      }
    });
  }

  /** Opens the next file; write text to it, then `end` it before opening another. */
  file(name: string): { write: (text: string) => Promise<void>; end: () => Promise<void> } {
    const entry = new DeflatedEntry(name, this.level);
    this.zip.add(entry);
    return { write: (text) => entry.write(text), end: () => entry.end() };
  }

  end(): void {
    this.zip.end();
  }

  /** The bytes made since the last take, once there are at least `min` of them (or the zip ended). */
  take(min: number): Uint8Array | null {
    if (this.failure) throw this.failure;
    if (this.pendingBytes === 0 || (this.pendingBytes < min && !this.ended)) return null;
    const out = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const part of this.pending) {
      out.set(part, at);
      at += part.byteLength;
    }
    this.pending = [];
    this.pendingBytes = 0;
    return out;
  }
}
