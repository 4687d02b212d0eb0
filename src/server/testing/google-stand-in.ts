import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInEvent = { id: string; summary: string; description?: string; start: { dateTime: string }; end: { dateTime: string }; status: "confirmed" | "cancelled" };

export type GoogleStandIn = {
  url: string;
  /** GOOGLE_CALENDAR_API_BASE for this stand-in. */
  apiBase: string;
  /** The events of an account's primary calendar that are not cancelled. */
  events: (account: string) => StandInEvent[];
  /** Every access token issued so far stops opening (401), as when they expire early. */
  expireAccessTokens: () => void;
  /** The account's refresh tokens answer invalid_grant (access removed in the Google account). */
  revokeGrants: (account: string) => void;
  /** The tokens /revoke was called with. */
  revoked: string[];
  /** How many times each grant_type was asked at /token. */
  tokenCalls: Record<string, number>;
  /** The next authorisation answers with this error (access_denied) instead of a code. */
  denyNext: () => void;
  close: () => Promise<void>;
};

type Code = { clientId: string; redirectUri: string; challenge: string; account: string; used: boolean };

/**
 * A stand-in for Google's OAuth 2.0 (authorisation page, /token, /revoke) and Calendar API v3 on
 * 127.0.0.1. The authorisation page approves at once, as a user clicking Allow would, and redirects
 * with a code; /token checks the PKCE verifier against the S256 challenge (invalid_grant otherwise).
 * Each authorisation is a new account, acct-<n>@example.test, whose primary calendar is its own.
 */
export async function startGoogleStandIn(options: { clientId: string; accessTtlSeconds?: number }): Promise<GoogleStandIn> {
  const codes = new Map<string, Code>();
  const access = new Map<string, string>();
  const refresh = new Map<string, string>();
  const calendars = new Map<string, Map<string, StandInEvent>>();
  const revoked: string[] = [];
  const tokenCalls: Record<string, number> = {};
  let accounts = 0;
  let deny = false;

  const issueAccess = (account: string) => {
    const token = `ya29.${randomBytes(16).toString("hex")}`;
    access.set(token, account);
    return token;
  };
  const json = (res: ServerResponse, status: number, body?: object) => (body ? res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)) : res.writeHead(status).end());
  const oauthError = (res: ServerResponse, error: string) => json(res, 400, { error, error_description: `stand-in: ${error}` });

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      const q = url.searchParams;
      const redirect = q.get("redirect_uri");
      if (q.get("client_id") !== options.clientId || !redirect) return json(res, 400, { error: "invalid_client" });
      if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge") || q.get("response_type") !== "code") return json(res, 400, { error: "invalid_request" });
      const back = new URL(redirect);
      if (q.get("state")) back.searchParams.set("state", q.get("state")!);
      if (deny) {
        deny = false;
        back.searchParams.set("error", "access_denied");
      } else {
        const code = `4/${randomBytes(12).toString("hex")}`;
        codes.set(code, { clientId: options.clientId, redirectUri: redirect, challenge: q.get("code_challenge")!, account: `acct-${++accounts}@example.test`, used: false });
        back.searchParams.set("code", code);
        back.searchParams.set("scope", q.get("scope") ?? "");
      }
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (req.method === "POST" && (url.pathname === "/token" || url.pathname === "/revoke")) {
      const form = new URLSearchParams(raw);
      if (url.pathname === "/revoke") {
        const token = form.get("token") ?? "";
        revoked.push(token);
        const account = refresh.get(token) ?? access.get(token);
        if (!account) return oauthError(res, "invalid_token");
        for (const map of [refresh, access]) for (const [t, a] of map) if (a === account) map.delete(t);
        return json(res, 200, {});
      }
      const grant = form.get("grant_type") ?? "";
      tokenCalls[grant] = (tokenCalls[grant] ?? 0) + 1;
      if (form.get("client_id") !== options.clientId) return json(res, 401, { error: "invalid_client" });
      if (grant === "authorization_code") {
        const code = codes.get(form.get("code") ?? "");
        if (!code || code.used || code.redirectUri !== form.get("redirect_uri")) return oauthError(res, "invalid_grant");
        code.used = true;
        const challenge = createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url");
        if (challenge !== code.challenge) return oauthError(res, "invalid_grant");
        const refreshToken = `1//${randomBytes(16).toString("hex")}`;
        refresh.set(refreshToken, code.account);
        return json(res, 200, { access_token: issueAccess(code.account), expires_in: options.accessTtlSeconds ?? 3599, refresh_token: refreshToken, scope: "https://www.googleapis.com/auth/calendar.events", token_type: "Bearer" });
      }
      if (grant === "refresh_token") {
        const account = refresh.get(form.get("refresh_token") ?? "");
        if (!account) return oauthError(res, "invalid_grant");
        return json(res, 200, { access_token: issueAccess(account), expires_in: options.accessTtlSeconds ?? 3599, token_type: "Bearer" });
      }
      return oauthError(res, "unsupported_grant_type");
    }
    if (url.pathname.startsWith("/calendar/v3/")) {
      const account = access.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!account) return json(res, 401, { error: { code: 401, message: "Request had invalid authentication credentials." } });
      const calendar = calendars.get(account) ?? new Map<string, StandInEvent>();
      calendars.set(account, calendar);
      const path = url.pathname.slice("/calendar/v3".length);
      if (req.method === "GET" && path === "/users/me/calendarList/primary") return json(res, 200, { kind: "calendar#calendarListEntry", id: account, summary: account, primary: true });
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return json(res, 400, { error: { code: 400, message: "Parse Error" } });
      }
      if (req.method === "POST" && path === "/calendars/primary/events") {
        const id = typeof body.id === "string" ? body.id : randomBytes(10).toString("hex");
        if (!/^[0-9a-v]{5,1024}$/.test(id)) return json(res, 400, { error: { code: 400, message: "Invalid resource id value." } });
        if (calendar.has(id)) return json(res, 409, { error: { code: 409, message: "The requested identifier already exists." } });
        const event = { ...body, id, status: "confirmed" } as StandInEvent;
        calendar.set(id, event);
        return json(res, 200, event);
      }
      const match = /^\/calendars\/primary\/events\/([^/]+)$/.exec(path);
      const event = match ? calendar.get(decodeURIComponent(match[1]!)) : undefined;
      if (match && req.method === "PATCH") {
        if (!event) return json(res, 404, { error: { code: 404, message: "Not Found" } });
        Object.assign(event, body);
        return json(res, 200, event);
      }
      if (match && req.method === "DELETE") {
        if (!event) return json(res, 404, { error: { code: 404, message: "Not Found" } });
        if (event.status === "cancelled") return json(res, 410, { error: { code: 410, message: "Resource has been deleted" } });
        event.status = "cancelled";
        return res.writeHead(204).end();
      }
    }
    return json(res, 404, { error: "not found" });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiBase: `${url}/calendar/v3`,
    events: (account) => [...(calendars.get(account)?.values() ?? [])].filter((e) => e.status !== "cancelled"),
    expireAccessTokens: () => access.clear(),
    revokeGrants: (account) => {
      for (const [t, a] of refresh) if (a === account) refresh.delete(t);
    },
    revoked,
    tokenCalls,
    denyNext: () => {
      deny = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
