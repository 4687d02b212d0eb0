import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/web/lib/api";
import { connectivity } from "@/web/lib/connectivity";
import { sendHqMessage } from "./send-hq-message";

const input = { message: "hello", sessionId: "hq-session-0001" };
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

afterEach(() => vi.unstubAllGlobals());

describe("sendHqMessage", () => {
  it("returns the reply and posts the message with the page's session id", async () => {
    const fetch = answer(200, { ok: true, reply: "hi", host_index: 1 });
    vi.stubGlobal("fetch", fetch);
    expect(await sendHqMessage(input)).toEqual({ ok: true, reply: "hi", host_index: 1 });
    expect(fetch).toHaveBeenCalledWith("/api/v1/hq/messages", expect.objectContaining({ method: "POST", body: JSON.stringify(input) }));
  });

  it("reads a 502 from the switchboard as an answer, not as our server being down", async () => {
    vi.stubGlobal("fetch", answer(502, { ok: false, error: "The switchboard is not configured" }));
    expect(await sendHqMessage(input)).toEqual({ ok: false, error: "The switchboard is not configured" });
    expect(connectivity.getState().status).toBe("ok");
  });

  it("throws our error body as an ApiError, and a gateway page as unavailable", async () => {
    vi.stubGlobal("fetch", answer(400, { error: { code: "bad_request", message: "Some fields are not valid", fields: { message: "Type a message" } } }));
    await expect(sendHqMessage(input)).rejects.toMatchObject({ status: 400, code: "bad_request", message: "Some fields are not valid" });
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" })));
    const error: unknown = await sendHqMessage(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: "unavailable", message: "Bad Gateway" });
  });
});
