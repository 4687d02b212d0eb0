import { createHash } from "node:crypto";
import type { ReceivedMail } from "./receive-mail";

/** What both receivers keep of a raw message: plain text only, known by Message-ID or, without one, by its bytes. */
export async function mailOfRaw(raw: Buffer, envelopeFrom: string): Promise<ReceivedMail> {
  // Loaded with the first mail: a server that receives none keeps its 8 MB of heap.
  const { simpleParser } = await import("mailparser");
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const from = (parsed.from?.value[0]?.address ?? envelopeFrom).toLowerCase();
  // A mail without a Message-ID is known by its bytes, so a second delivery is still one task.
  const messageId = (parsed.messageId ?? `sha256:${createHash("sha256").update(raw).digest("hex")}`).slice(0, 500);
  // text is the text part, or mailparser's plain-text rendering of the HTML: no HTML is kept.
  return { messageId, from, subject: parsed.subject ?? "", text: parsed.text ?? "", sizeBytes: raw.length };
}
