import { describe, expect, it } from "vitest";
import { fileNameFromKey, keyFromFileName, prerenderedPageKey } from "./prerendered-page";

const key = (url: string, hint = false) => {
  const { pathname, searchParams } = new URL(url, "http://x");
  return prerenderedPageKey(pathname, searchParams, hint);
};

describe("which request gets a prerendered page", () => {
  it("a public page, whatever the query, except ?debug=1", () => {
    expect(key("/pricing")).toBe("/pricing");
    expect(key("/pricing?lang=de", true)).toBe("/pricing");
    expect(key("/pricing?debug=1")).toBeNull();
  });

  it("/auth only when plain: sign-in, or the sign-up variant", () => {
    expect(key("/auth")).toBe("/auth");
    expect(key("/auth?mode=sign-up")).toBe("/auth?mode=sign-up");
  });

  it("never /auth for a visitor who may be signed in: the SPA redirects them", () => {
    expect(key("/auth", true)).toBeNull();
    expect(key("/auth?mode=sign-up", true)).toBeNull();
  });

  it("never /auth with anything else in the query: only the SPA knows what it means", () => {
    for (const url of [
      "/auth?returnTo=%2Fapp%2Fsettings",
      "/auth?reason=expired&returnTo=%2Fapp",
      "/auth?deleted=1",
      "/auth?verified=1",
      "/auth?debug=1",
      "/auth?mode=sign-up&returnTo=%2Finvite",
      "/auth?mode=sign-in",
      "/auth?mode=sign-up&mode=sign-up",
      "/auth?lang=de",
    ]) {
      expect(key(url), url).toBeNull();
    }
  });

  it("file names and keys go both ways", () => {
    for (const k of ["/", "/pricing", "/auth", "/auth?mode=sign-up"]) expect(keyFromFileName(fileNameFromKey(k))).toBe(k);
    expect(fileNameFromKey("/auth?mode=sign-up")).toBe("auth~mode=sign-up");
  });
});
