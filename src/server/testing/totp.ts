import { createHmac } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The base32 secret of an otpauth:// URI, as an authenticator app reads it from the QR code. */
export const secretOf = (otpauthUri: string): string => new URL(otpauthUri).searchParams.get("secret") ?? "";

/** RFC 6238 (SHA-1, 30 s, 6 digits), what every authenticator app computes; `offset` in periods. */
export function totpCode(base32Secret: string, { at = Date.now(), offset = 0 }: { at?: number; offset?: number } = {}): string {
  const counter = Math.floor(at / 30_000) + offset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", base32Decode(base32Secret)).update(message).digest();
  const start = mac[mac.length - 1]! & 0x0f;
  const number = ((mac[start]! & 0x7f) << 24) | (mac[start + 1]! << 16) | (mac[start + 2]! << 8) | mac[start + 3]!;
  return String(number % 1_000_000).padStart(6, "0");
}

/** A code that is wrong now (and in the periods either side, which the server also accepts). */
export function wrongCode(base32Secret: string): string {
  const near = new Set([-1, 0, 1].map((offset) => totpCode(base32Secret, { offset })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}
