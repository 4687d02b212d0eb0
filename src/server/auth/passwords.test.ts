import { createRequire } from "node:module";
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

  it("finds every password of the list, and nothing that only starts or ends like one", () => {
    const list = createRequire(import.meta.url)("@zxcvbn-ts/language-common/dist/passwords.json.cjs") as string[];
    expect(list.length).toBeGreaterThan(40_000);
    expect(list.filter((p) => !isCommonPassword(p))).toEqual([]);
    const known = new Set(list.map((p) => p.toLowerCase()));
    const near = ["", "\n", "~~~~~~~~", ...list.slice(0, 2000).flatMap((p) => [`${p}\n`, `\n${p}`, `${p}\u00a7`, `\u00a7${p}`])].filter((p) => !known.has(p));
    expect(near.length).toBeGreaterThan(8000);
    expect(near.filter((p) => isCommonPassword(p))).toEqual([]);
  });
});
