import { describe, expect, it } from "vitest";
import { ApiError } from "@/web/lib/api";
import { parseChatEvent } from "../api/stream-message";
import { devErrorLine } from "./dev-error-line";

describe("devErrorLine", () => {
  it("says 'Error:' with the server's message when it answered with one", () => {
    expect(devErrorLine(new ApiError(400, "bad_request", "Type a message", undefined, undefined, true))).toBe("Error: Type a message");
    expect(devErrorLine(new ApiError(503, "unavailable", "Service Unavailable"))).toBe("Error: Service Unavailable");
  });
  it("says 'Unexpected error:' when there was no answer or something else failed", () => {
    expect(devErrorLine(new ApiError(0, "network", "The server cannot be reached"))).toBe("Unexpected error: The server cannot be reached");
    expect(devErrorLine(new TypeError("bad shape"))).toBe("Unexpected error: bad shape");
    expect(devErrorLine("boom")).toBe("Unexpected error: boom");
  });
});

describe("parseChatEvent", () => {
  it("checks an event against the contract and skips what does not fit", () => {
    expect(parseChatEvent("delta", '{"text":"Hi"}')).toEqual({ name: "delta", data: { text: "Hi" } });
    expect(parseChatEvent("delta", '{"nope":1}')).toBeNull();
    expect(parseChatEvent("delta", "not json")).toBeNull();
    expect(parseChatEvent("message", '{"text":"Hi"}')).toBeNull();
    expect(parseChatEvent("toString", "{}")).toBeNull();
  });
});
