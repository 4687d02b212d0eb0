import { describe, expect, it } from "vitest";
import { unexpiredAt } from "./use-unexpired";

const at = (iso: string) => Date.parse(iso);
const invitations = [
  { email: "soon@example.eu", expires_at: "2026-03-01T10:00:00Z" },
  { email: "later@example.eu", expires_at: "2026-03-05T10:00:00Z" },
];
const expiry = (i: { expires_at: string }) => i.expires_at;

describe("pending invitations while the page stays open", () => {
  it("keeps the unexpired ones and wakes when the first of them expires", () => {
    const { live, wakeInMs } = unexpiredAt(invitations, expiry, at("2026-03-01T09:00:00Z"));
    expect(live.map((i) => i.email)).toEqual(["soon@example.eu", "later@example.eu"]);
    expect(wakeInMs).toBe(3600_000);
  });

  it("drops one the moment it expires, then waits for the next", () => {
    const { live, wakeInMs } = unexpiredAt(invitations, expiry, at("2026-03-01T10:00:00Z"));
    expect(live.map((i) => i.email)).toEqual(["later@example.eu"]);
    expect(wakeInMs).toBe(4 * 24 * 3600_000);
  });

  it("sleeps no longer than a timer can, and not at all once every one has expired", () => {
    expect(unexpiredAt([{ expires_at: "2027-01-01T00:00:00Z" }], expiry, at("2026-01-01T00:00:00Z")).wakeInMs).toBe(2 ** 31 - 1);
    expect(unexpiredAt(invitations, expiry, at("2026-04-01T00:00:00Z"))).toEqual({ live: [], wakeInMs: null });
  });
});
