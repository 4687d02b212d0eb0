import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type WhatsappSent =
  | { phone_number_id: string; to: string; type: "text"; text: string }
  | { phone_number_id: string; to: string; type: "template"; name: string; language: string; parameters: string[] };

/** How a POST /messages fails: Graph's error answer with its status and code, or the connection dropped unanswered. */
export type WhatsappFailure = { status: number; code: number; message: string } | { dropConnection: true };

type Phone = { token: string; appSecret: string; display: string; verifiedName: string };

export type WhatsappStandIn = {
  url: string;
  /** Registers a business number: its token (and appsecret_proof under its app secret) is accepted, others get Graph's 401. */
  addNumber: (phoneNumberId: string, number: { token: string; appSecret: string; display: string; verifiedName?: string }) => void;
  sent: WhatsappSent[];
  /** Text to this wa_id fails as WhatsApp does when the 24-hour window is closed (131047). */
  closeWindow: (waId: string) => void;
  /** The next `times` sends (text or template, any number) fail as given, then sending works again. */
  failNextSends: (times: number, failure: WhatsappFailure) => void;
  /** Templates approved per name and language ("en", "de"…); others fail with 132001. Unset: every template passes. */
  approveTemplate: (name: string, language: string) => void;
  /** Posts a webhook delivery to `url`, signed as Meta does (X-Hub-Signature-256 under the number's app secret). */
  deliver: (url: string, phoneNumberId: string, payload: object, options?: { appSecret?: string; signature?: string | null }) => Promise<Response>;
  /** Meta's payload for a text message from wa_id, with a fresh wamid (or the one given, for replays). */
  textDelivery: (phoneNumberId: string, waId: string, text: string, options?: { id?: string; timestamp?: Date }) => { payload: object; id: string };
  /** Meta's payload for a status update of a sent message that failed. */
  failedStatus: (phoneNumberId: string, waId: string, error: { code: number; title: string; details?: string }) => object;
  /**
   * Holds the next read of this number (GET /{id}) until `release`; `arrived` settles once it is
   * waiting. A slow Graph answer made exact, for races without timings.
   */
  holdRead: (phoneNumberId: string) => { arrived: Promise<void>; release: () => void };
  /** Meta's GET verification of a webhook: what our server answered. */
  verifyWebhook: (url: string, verifyToken: string, challenge: string) => Promise<{ status: number; text: string }>;
  close: () => Promise<void>;
};

const sign = (body: string, appSecret: string) => `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;

/**
 * A stand-in for WhatsApp's Cloud API (Meta's Graph API) on 127.0.0.1: GET /{phone-number-id}?fields=…
 * and POST /{phone-number-id}/messages with `Authorization: Bearer`, answering Graph's shapes: the
 * node's fields, { messaging_product, contacts, messages: [{ id }] }, or { error: { message, type,
 * code, error_data, fbtrace_id } } with Graph's status codes.
 */
export async function startWhatsappStandIn(): Promise<WhatsappStandIn> {
  const phones = new Map<string, Phone>();
  const closed = new Set<string>();
  const approved = new Set<string>();
  const sent: WhatsappSent[] = [];
  const holds = new Map<string, { arrive: () => void; released: Promise<void> }>();
  const failures: WhatsappFailure[] = [];
  let nextId = 1;
  const wamid = () => `wamid.HBgLMTU1NTAxMDAwMDAVAgASGBQzQUI${String(nextId++).padStart(8, "0")}AA==`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = (status: number, body: object) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      const fail = (status: number, code: number, message: string, details?: string) =>
        answer(status, { error: { message, type: status === 401 ? "OAuthException" : "OAuthException", code, ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}), fbtrace_id: "AStandInTrace" } });
      const url = new URL(req.url ?? "/", "http://stand-in");
      const match = /^\/(\d+)(\/messages)?$/.exec(url.pathname);
      const phone = match ? phones.get(match[1]!) : undefined;
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer) return fail(400, 2500, "An active access token must be used to query information about the current user.");
      if (!phone || phone.token !== bearer) {
        // Graph answers an unknown token 401 (190), a known token asking for a node it cannot see 400 (100).
        if ([...phones.values()].some((p) => p.token === bearer)) return fail(400, 100, `Unsupported get request. Object with ID '${match?.[1] ?? ""}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`);
        return fail(401, 190, "Invalid OAuth access token - Cannot parse access token");
      }
      const proof = url.searchParams.get("appsecret_proof");
      if (proof !== null && proof !== createHmac("sha256", phone.appSecret).update(bearer).digest("hex")) return fail(400, 100, "Invalid appsecret_proof provided in the API argument");
      if (req.method === "GET" && !match![2]) {
        const fields = (url.searchParams.get("fields") ?? "").split(",");
        const read = () => answer(200, { ...(fields.includes("display_phone_number") ? { display_phone_number: phone.display } : {}), ...(fields.includes("verified_name") ? { verified_name: phone.verifiedName } : {}), id: match![1] });
        const hold = holds.get(match![1]!);
        if (!hold) return read();
        holds.delete(match![1]!);
        hold.arrive();
        return void hold.released.then(read);
      }
      if (req.method !== "POST" || !match![2]) return fail(400, 100, "Unsupported request");
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return fail(400, 100, "Invalid parameter");
      }
      const failure = failures.shift();
      if (failure && "dropConnection" in failure) return void req.socket.destroy();
      if (failure) return fail(failure.status, failure.code, failure.message);
      const to = typeof body.to === "string" ? body.to : "";
      if (body.messaging_product !== "whatsapp" || !to) return fail(400, 100, "Invalid parameter", "The parameter messaging_product is required.");
      const ok = () => answer(200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid() }] });
      if (body.type === "text") {
        const text = (body.text as { body?: unknown } | undefined)?.body;
        if (typeof text !== "string" || !text) return fail(400, 100, "Invalid parameter", "The parameter text['body'] is required.");
        if (closed.has(to)) return fail(400, 131047, "Re-engagement message", "Message failed to send because more than 24 hours have passed since the customer last replied to this number.");
        sent.push({ phone_number_id: match![1]!, to, type: "text", text });
        return ok();
      }
      if (body.type === "template") {
        const template = body.template as { name?: unknown; language?: { code?: unknown }; components?: { type?: string; parameters?: { type?: string; text?: unknown }[] }[] } | undefined;
        const name = typeof template?.name === "string" ? template.name : "";
        const language = typeof template?.language?.code === "string" ? template.language.code : "";
        if (!name || !language) return fail(400, 100, "Invalid parameter", "The parameter template['name'] is required.");
        if (approved.size > 0 && !approved.has(`${name}:${language}`)) return fail(404, 132001, "Template name does not exist in the translation", `template name (${name}) does not exist in ${language}`);
        const parameters = (template?.components ?? []).flatMap((c) => (c.type === "body" ? (c.parameters ?? []) : [])).map((p) => String(p.text ?? ""));
        if (parameters.some((p) => /[\n\t]| {5,}/.test(p))) return fail(400, 132018, "There was an issue with the parameters in your template.", "Param text cannot have new-line/tab characters or more than 4 consecutive spaces");
        sent.push({ phone_number_id: match![1]!, to, type: "template", name, language, parameters });
        return ok();
      }
      return fail(400, 100, "Invalid parameter", "The parameter type is not supported.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const change = (phoneNumberId: string, value: object) => ({
    object: "whatsapp_business_account",
    entry: [{ id: "102290129340398", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: phones.get(phoneNumberId)?.display.replace(/\D/g, "") ?? "15550100", phone_number_id: phoneNumberId }, ...value } }] }],
  });
  return {
    url: `http://127.0.0.1:${port}`,
    addNumber: (id, n) => void phones.set(id, { token: n.token, appSecret: n.appSecret, display: n.display, verifiedName: n.verifiedName ?? "Test Business" }),
    sent,
    closeWindow: (waId) => void closed.add(waId),
    failNextSends: (times, failure) => {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    approveTemplate: (name, language) => void approved.add(`${name}:${language}`),
    deliver: async (url, phoneNumberId, payload, options = {}) => {
      const body = JSON.stringify(payload);
      const secret = options.appSecret ?? phones.get(phoneNumberId)?.appSecret ?? "";
      const signature = options.signature === undefined ? sign(body, secret) : options.signature;
      return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) }, body });
    },
    textDelivery: (phoneNumberId, waId, text, options = {}) => {
      const id = options.id ?? wamid();
      const timestamp = String(Math.floor((options.timestamp ?? new Date()).getTime() / 1000));
      return { id, payload: change(phoneNumberId, { contacts: [{ profile: { name: "Member" }, wa_id: waId }], messages: [{ from: waId, id, timestamp, type: "text", text: { body: text } }] }) };
    },
    failedStatus: (phoneNumberId, waId, error) =>
      change(phoneNumberId, { statuses: [{ id: wamid(), status: "failed", timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: waId, errors: [{ code: error.code, title: error.title, message: error.title, ...(error.details ? { error_data: { details: error.details } } : {}) }] }] }),
    holdRead: (phoneNumberId) => {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(phoneNumberId, { arrive, released });
      return { arrived, release };
    },
    verifyWebhook: async (url, verifyToken, challenge) => {
      const res = await fetch(`${url}?${new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": verifyToken, "hub.challenge": challenge }).toString()}`);
      return { status: res.status, text: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
