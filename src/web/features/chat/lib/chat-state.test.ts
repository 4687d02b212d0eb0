import { describe, expect, it } from "vitest";
import type { ChatAction } from "@/shared/chat";
import { chatReducer, emptyChat, localMessage, type ChatEvent, type ChatState } from "./chat-state";

const at = "2026-01-01T10:00:00.000Z";
const mine = localMessage("user", "what is overdue?", "00000000-0000-4000-8000-000000000001", at);
const stored = { ...mine, id: "00000000-0000-4000-8000-000000000002" };
const action: ChatAction = { id: "a1", tool: "create_task", state: "done", title: "Created Paint hull", detail: null, href: "/app/projects/p1" };
const run = (...events: ChatEvent[]) => events.reduce<ChatState>(chatReducer, emptyChat);

describe("chatReducer", () => {
  it("streams a reply: the stored user message, text as it arrives, actions, then the stored answer", () => {
    const streaming = run({ type: "sent", message: mine }, { type: "start", conversationId: "c1", userMessage: stored }, { type: "delta", text: "Two " }, { type: "delta", text: "tasks" }, { type: "action", action });
    expect(streaming.conversationId).toBe("c1");
    expect(streaming.pending).toEqual({ userMessage: stored, text: "Two tasks", actions: [action] });
    expect(streaming.messages).toEqual([]);

    const answer = localMessage("assistant", "Two tasks", "00000000-0000-4000-8000-000000000003", at, { actions: [action] });
    const done = chatReducer(streaming, { type: "done", message: answer });
    expect(done.pending).toBeNull();
    expect(done.messages).toEqual([stored, answer]);
  });

  it("updates an action card that arrives again with a new state", () => {
    const state = run({ type: "sent", message: mine }, { type: "action", action: { ...action, state: "needs_confirmation" } }, { type: "action", action });
    expect(state.pending?.actions).toEqual([action]);
  });

  it("keeps the user's words and adds the system message on failure, even before the server stored them", () => {
    const system = localMessage("system", "I encountered an error", "00000000-0000-4000-8000-000000000004", at);
    const state = run({ type: "sent", message: mine }, { type: "failed", message: system });
    expect(state.messages).toEqual([mine, system]);
    expect(state.pending).toBeNull();
  });

  it("keeps what had arrived when the user stops, marked as stopped", () => {
    const state = run({ type: "sent", message: mine }, { type: "delta", text: "Part" }, { type: "stopped", at, id: "00000000-0000-4000-8000-000000000005" });
    expect(state.messages[1]).toMatchObject({ role: "assistant", content: "Part", metadata: { stopped: true } });
  });

  it("ignores stream events with no reply pending, replaces a confirmed message, and resets", () => {
    expect(run({ type: "delta", text: "late" })).toEqual(emptyChat);
    const opened = run({ type: "opened", conversationId: "c2", messages: [stored] });
    const edited = chatReducer(opened, { type: "replaced", message: { ...stored, content: "changed" } });
    expect(edited.messages[0]?.content).toBe("changed");
    expect(chatReducer(edited, { type: "reset" })).toEqual(emptyChat);
  });
});
