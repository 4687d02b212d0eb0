import { CHAT_MESSAGE_MAX } from "@/shared/chat";

/** Empty or whitespace-only input is never sent (spec, section 5), nor more than the server takes. */
export const isSendable = (text: string) => text.trim().length > 0 && text.length <= CHAT_MESSAGE_MAX;

type KeyInfo = { key: string; shiftKey: boolean; isComposing?: boolean; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean };

/**
 * What a key press in the message box means: Enter sends, Shift+Enter (the browser's default)
 * makes a new line. Enter that confirms an IME composition only ends the composition.
 */
export function keyIntent(e: KeyInfo): "send" | "newline" | null {
  if (e.key !== "Enter" || e.isComposing) return null;
  if (e.shiftKey) return "newline";
  if (e.altKey) return null;
  return "send";
}
