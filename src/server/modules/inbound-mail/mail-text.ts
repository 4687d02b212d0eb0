/** A line the reply's own words end at: the client's "On … wrote:" header, a quote, or a signature. */
const QUOTE_START = [/^On .+wrote:\s*$/, /^Am .+schrieb .+:\s*$/, /^Le .+a écrit\s*:\s*$/, /^-----\s*Original Message\s*-----/i, /^>/, /^-- $/];

/** The reply above the quoted mail: a comment holds what the person wrote, not our notification again. */
export function replyPart(text: string): string {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const end = lines.findIndex((line) => QUOTE_START.some((re) => re.test(line)));
  return (end === -1 ? lines : lines.slice(0, end)).join("\n").trim();
}

/** Plain text only: control characters out (tabs and line breaks kept), at most `max` characters. */
export function cleanText(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/\r\n/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim().slice(0, max);
}

export const oneLineTitle = (subject: string): string => cleanText(subject, 2_000).replace(/\s+/g, " ").trim().slice(0, 500);

/** An allow-list entry matches the whole address, or `@domain` everybody at that domain. */
export function senderAllowed(sender: string, allowed: readonly string[]): boolean {
  const address = sender.toLowerCase();
  const domain = address.slice(address.lastIndexOf("@"));
  return allowed.some((entry) => entry === address || (entry.startsWith("@") && entry === domain));
}
