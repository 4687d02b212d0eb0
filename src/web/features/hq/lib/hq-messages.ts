/** Spec, section 3: a switchboard chat message. */
export type HqChatMessage = { id: string; text: string; sender: "user" | "system"; timestamp: Date; status: "success" | "error" };
/** Spec, section 4: the switchboard connection. */
export type HqConnection = "testing" | "connected" | "error" | "unconfigured";

let counter = 0;
export const newMessage = (sender: HqChatMessage["sender"], text: string, status: HqChatMessage["status"], now = new Date()): HqChatMessage => ({
  id: `hq-${now.getTime()}-${++counter}`,
  text,
  sender,
  timestamp: now,
  status,
});

/** Empty and whitespace-only input is never sent (spec, section 5). */
export const sendable = (text: string) => text.trim().length > 0;
