import type { ChatAction, ChatMessage } from "@/shared/chat";

/** The reply being streamed: the user's words (stored once `start` says so) and the answer so far. */
export type PendingReply = { userMessage: ChatMessage; text: string; actions: ChatAction[] };

export type ChatState = {
  conversationId: string | null;
  /** What is stored (or, after a failure or Stop, what the user saw). */
  messages: ChatMessage[];
  pending: PendingReply | null;
};

export type ChatEvent =
  | { type: "sent"; message: ChatMessage }
  | { type: "start"; conversationId: string; userMessage: ChatMessage }
  | { type: "delta"; text: string }
  | { type: "action"; action: ChatAction }
  | { type: "done"; message: ChatMessage }
  | { type: "failed"; message: ChatMessage }
  | { type: "stopped"; at: string; id: string }
  | { type: "replaced"; message: ChatMessage }
  | { type: "opened"; conversationId: string; messages: ChatMessage[] }
  | { type: "reset" };

export const emptyChat: ChatState = { conversationId: null, messages: [], pending: null };

/** A message made in the browser (the user's before the server stores it, a stop, a failure). */
export const localMessage = (role: ChatMessage["role"], content: string, id: string, at: string, metadata: ChatMessage["metadata"] = {}): ChatMessage => ({
  id,
  role,
  content,
  created_at: at,
  metadata,
});

const upsert = (actions: ChatAction[], action: ChatAction) =>
  actions.some((a) => a.id === action.id) ? actions.map((a) => (a.id === action.id ? action : a)) : [...actions, action];

/** How each stream event changes the conversation on screen; pure, so the order rules are tested. */
export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  const { pending } = state;
  switch (event.type) {
    case "sent":
      return { ...state, pending: { userMessage: event.message, text: "", actions: [] } };
    case "start":
      return pending ? { ...state, conversationId: event.conversationId, pending: { ...pending, userMessage: event.userMessage } } : state;
    case "delta":
      return pending ? { ...state, pending: { ...pending, text: pending.text + event.text } } : state;
    case "action":
      return pending ? { ...state, pending: { ...pending, actions: upsert(pending.actions, event.action) } } : state;
    case "done":
      return pending ? { ...state, messages: [...state.messages, pending.userMessage, event.message], pending: null } : state;
    case "failed":
      return pending ? { ...state, messages: [...state.messages, pending.userMessage, event.message], pending: null } : state;
    case "stopped": {
      if (!pending) return state;
      const partial = localMessage("assistant", pending.text, event.id, event.at, { stopped: true, ...(pending.actions.length ? { actions: pending.actions } : {}) });
      return { ...state, messages: [...state.messages, pending.userMessage, partial], pending: null };
    }
    case "replaced":
      return { ...state, messages: state.messages.map((m) => (m.id === event.message.id ? event.message : m)) };
    case "opened":
      return { conversationId: event.conversationId, messages: event.messages, pending: null };
    case "reset":
      return emptyChat;
  }
}
