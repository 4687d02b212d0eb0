import type { GoogleConfig } from "./google-config";

/** Google Calendar API v3 over HTTPS with a bearer token; only the calls the sync needs. */
export type ApiAnswer = { status: number | null; body: Record<string, unknown> | null };

export async function callCalendar(config: GoogleConfig, token: string, method: string, path: string, body?: object): Promise<ApiAnswer> {
  try {
    const res = await fetch(`${config.apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    return { status: res.status, body: res.status === 204 ? null : ((await res.json().catch(() => null)) as Record<string, unknown> | null) };
  } catch {
    return { status: null, body: null };
  }
}

export type EventBody = { summary: string; description: string; start: { dateTime: string }; end: { dateTime: string }; source?: { title: string; url: string }; status?: "confirmed" };

const events = "/calendars/primary/events";
export const readPrimary = (c: GoogleConfig, token: string) => callCalendar(c, token, "GET", "/users/me/calendarList/primary");
export const insertEvent = (c: GoogleConfig, token: string, id: string, event: EventBody) => callCalendar(c, token, "POST", events, { id, ...event });
export const patchEvent = (c: GoogleConfig, token: string, id: string, event: EventBody) => callCalendar(c, token, "PATCH", `${events}/${encodeURIComponent(id)}`, { ...event, status: "confirmed" });
export const deleteEvent = (c: GoogleConfig, token: string, id: string) => callCalendar(c, token, "DELETE", `${events}/${encodeURIComponent(id)}`);
