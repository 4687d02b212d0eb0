import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import common from "@/web/i18n/en/common.json";
import { ApiError } from "./api";
import { errorMessage } from "./error-message";

// A private instance with the real English texts, so the words checked are the ones users read.
const t = i18n.createInstance();
beforeAll(() => t.init({ lng: "en", defaultNS: "common", resources: { en: { common } }, interpolation: { escapeValue: false } }));
const say = (error: unknown, options: Parameters<typeof errorMessage>[2] = {}) => errorMessage(error, t.t, { isOffline: false, ...options });
const own = (status: number, code: ConstructorParameters<typeof ApiError>[1], message: string, retryAfterMs?: number) =>
  new ApiError(status, code, message, undefined, retryAfterMs, true);

describe("errorMessage", () => {
  it("a 429 says how long to wait, from Retry-After", () => {
    expect(say(own(429, "rate_limited", "slow down", 30_000))).toBe("Too many requests. Try again in 30 seconds.");
    expect(say(own(429, "rate_limited", "slow down", 500))).toBe("Too many requests. Try again in 1 second.");
    expect(say(own(429, "rate_limited", "slow down"))).toBe("Too many requests. Please wait a moment and try again.");
  });

  it("a spent budget says which, and when it resets, in the server's words (in the reader's language)", () => {
    const text = "The budget for invitations per day to one address is used up (3). It resets in 600 seconds, at 07:30 UTC.";
    expect(say(own(429, "budget_exceeded", text, 600_000))).toBe(text);
  });

  it("a 5xx never shows what the server said: the caller's text or a general one", () => {
    const broken = own(500, "internal", "relation \"tasks\" does not exist");
    expect(say(broken)).toBe("Something went wrong on our side. Please try again.");
    expect(say(broken, { fallback: "Failed to update task" })).toBe("Failed to update task");
  });

  it("a 403 keeps our server's reason, and has its own text otherwise", () => {
    expect(say(own(403, "forbidden", "Only an owner can delete a plane"))).toBe("Only an owner can delete a plane");
    expect(say(new ApiError(403, "forbidden", "Forbidden"))).toBe("You do not have permission to do that.");
  });

  it("our own 4xx words are shown; a proxy's are not", () => {
    expect(say(own(400, "bad_request", "Give the project a name"))).toBe("Give the project a name");
    expect(say(new ApiError(404, "bad_request", "Not Found"), { fallback: "Could not save" })).toBe("Could not save");
  });

  it("offline and unreachable are told apart, and a save says nothing was saved", () => {
    const network = new ApiError(0, "network", "The server cannot be reached");
    expect(say(network, { isOffline: true, isWrite: true })).toBe("You are offline: nothing was saved.");
    expect(say(network, { isOffline: true })).toBe("You are offline. Check your connection and try again.");
    expect(say(network, { isWrite: true })).toBe("The server cannot be reached right now, so your change was not saved. Please try again in a moment.");
    expect(say(own(503, "unavailable", "The database is unavailable"))).toBe("The server cannot be reached right now. Please try again in a moment.");
  });

  it("a 401 says the session ended; anything else is a general failure", () => {
    expect(say(own(401, "unauthorized", "Please sign in to continue"))).toBe("Your session has expired. Please sign in again.");
    expect(say(new TypeError("x is undefined"))).toBe("Something went wrong. Please try again.");
  });
});
