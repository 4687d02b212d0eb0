import { describe, expect, it } from "vitest";
import { scrubDetails, scrubText } from "./scrub-details";

describe("scrubDetails", () => {
  it("replaces e-mail addresses and anything shaped like a key or token", () => {
    expect(scrubText("from ann.lee+x@mail.example.org today")).toBe("from [email] today");
    expect(scrubText("key sk-proj-abcdefgh12345678 used")).toBe("key [redacted] used");
    expect(scrubText("Authorization: Bearer abc.def")).toBe("Authorization: [redacted]");
    expect(scrubText(`hex ${"a1".repeat(32)}`)).toBe("hex [redacted]");
    expect(scrubText("jwt eyJhbGciOi.eyJzdWIiOi.sig")).toBe("jwt [redacted]");
    expect(scrubText("/app/projects/3f0c2a9e-1111-4444-8888-1234567890ab")).toBe("/app/projects/3f0c2a9e-1111-4444-8888-1234567890ab");
  });

  it("redacts fields named like secrets and keeps plain values", () => {
    expect(scrubDetails({ password: "hunter2", api_key: "x", user_email: "a@b.co", path: "/app", count: 2, ok: false, none: null, session_ok: true })).toEqual({
      password: "[redacted]",
      api_key: "[redacted]",
      user_email: "[redacted]",
      path: "/app",
      count: 2,
      ok: false,
      none: null,
      session_ok: true,
    });
    expect(scrubDetails({ "jo@example.com": "x" })).toEqual({ "[email]": "x" });
  });
});
