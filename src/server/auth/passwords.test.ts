import { describe, expect, it } from "vitest";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("hashes with argon2id and verifies", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword({ hash: stored, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: "wrong" })).toBe(false);
    expect(await verifyPassword({ hash: "not-a-hash", password: "x" })).toBe(false);
  });

  it("knows common passwords regardless of case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("QWERTY123")).toBe(true);
    expect(isCommonPassword("plum-orbit-4471")).toBe(false);
  });
});
