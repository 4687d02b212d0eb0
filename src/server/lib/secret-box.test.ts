import { describe, expect, it } from "vitest";
import { createSecretBox, isSealed } from "./secret-box";

const box = createSecretBox("a".repeat(64));
const context = ["org-1", "conn-1", "apiKey"];

describe("secret box", () => {
  it("seals into a self-describing envelope that opens with the same key and context", () => {
    const sealed = box.seal("sk-live-1234abcd", context);
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain("1234abcd");
    expect(isSealed(sealed)).toBe(true);
    expect(box.open(sealed, context)).toBe("sk-live-1234abcd");
  });

  it("uses a fresh IV each time", () => {
    expect(box.seal("same", context)).not.toBe(box.seal("same", context));
  });

  it("does not open under another row, field, organisation or key", () => {
    const sealed = box.seal("sk-live-1234abcd", context);
    expect(box.open(sealed, ["org-2", "conn-1", "apiKey"])).toBeNull();
    expect(box.open(sealed, ["org-1", "conn-2", "apiKey"])).toBeNull();
    expect(box.open(sealed, ["org-1", "conn-1", "token"])).toBeNull();
    // Joined naively these two contexts would be the same bytes.
    expect(box.open(box.seal("x", ["ab", "c"]), ["a", "bc"])).toBeNull();
    expect(createSecretBox("b".repeat(64)).open(sealed, context)).toBeNull();
  });

  it("refuses tampered and malformed envelopes without throwing", () => {
    const sealed = box.seal("sk-live-1234abcd", context);
    const [iv, body] = sealed.slice("enc:v1:".length).split(":") as [string, string];
    const flipped = Buffer.from(body, "base64");
    flipped[0]! ^= 1;
    expect(box.open(`enc:v1:${iv}:${flipped.toString("base64")}`, context)).toBeNull();
    for (const bad of ["", "sk-live-1234abcd", "enc:v1:", "enc:v1:abc", `enc:v1:${iv}:`, `enc:v1:${iv}:${body}:x`, "enc:v2:a:b"]) {
      expect(box.open(bad, context)).toBeNull();
    }
  });

  it("insists on a 32-byte hex key", () => {
    expect(() => createSecretBox("abc")).toThrow(/64 hex/);
  });
});
