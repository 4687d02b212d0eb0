/**
 * What one send to one chat came to. A refusal is `transient` when the same send may pass later
 * (the service was down, busy or out of reach): the notice is tried again. Otherwise it is final
 * (the bot blocked, the chat gone, the channel not connected) and stays the card's last error.
 * `retryAfterMs`: the service said how long to wait (Telegram's 429 `retry_after`).
 */
export type SendResult = { ok: true } | { ok: false; description: string; transient: boolean; retryAfterMs?: number };

/** An HTTP answer worth trying again: none at all (unreachable, timed out), rate limited, or the service's own failure. */
export const isTransientStatus = (status: number | null): boolean => status === null || status === 429 || status >= 500;
