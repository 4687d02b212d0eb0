import { describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX } from "@/shared/chat";
import { isSendable, keyIntent } from "./composer";

describe("isSendable", () => {
  it("refuses empty and whitespace-only text", () => {
    for (const text of ["", " ", "\n\t  \n"]) expect(isSendable(text)).toBe(false);
  });
  it("accepts text with something in it, up to the limit", () => {
    expect(isSendable("  what is overdue?\n")).toBe(true);
    expect(isSendable("x".repeat(CHAT_MESSAGE_MAX))).toBe(true);
    expect(isSendable("x".repeat(CHAT_MESSAGE_MAX + 1))).toBe(false);
  });
});

describe("keyIntent", () => {
  it("sends on Enter and on Ctrl or Cmd+Enter", () => {
    expect(keyIntent({ key: "Enter", shiftKey: false })).toBe("send");
    expect(keyIntent({ key: "Enter", shiftKey: false, ctrlKey: true })).toBe("send");
    expect(keyIntent({ key: "Enter", shiftKey: false, metaKey: true })).toBe("send");
  });
  it("leaves Shift+Enter to make a new line", () => {
    expect(keyIntent({ key: "Enter", shiftKey: true })).toBe("newline");
  });
  it("ignores Enter while an input method is composing, and other keys", () => {
    expect(keyIntent({ key: "Enter", shiftKey: false, isComposing: true })).toBeNull();
    expect(keyIntent({ key: "a", shiftKey: false })).toBeNull();
    expect(keyIntent({ key: "Enter", shiftKey: false, altKey: true })).toBeNull();
  });
});

describe("the chat's failure texts", () => {
  it("are the contract's (spec, section 8)", async () => {
    const { CHAT_FAILED_SYSTEM_MESSAGE, CHAT_FAILED_TOAST } = await import("@/shared/chat");
    const { default: chat } = await import("@/web/i18n/en/chat.json");
    expect(chat.failedToast).toBe(CHAT_FAILED_TOAST);
    expect(chat.failedSystem).toBe(CHAT_FAILED_SYSTEM_MESSAGE);
  });
});
