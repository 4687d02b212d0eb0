/**
 * A small RFC 5545 writer: only what the task feed needs, done exactly (escaping, folding at 75
 * octets without splitting a UTF-8 sequence, CRLF). Times are written in UTC ("Z"), so no
 * VTIMEZONE is needed and every calendar app shows them in its own zone.
 */

export type IcsEvent = {
  uid: string;
  /** When the information last changed (DTSTAMP and LAST-MODIFIED of a feed without METHOD, RFC 5545 3.8.7.2). */
  stamp: Date;
  created: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string | null;
  url: string | null;
  categories: string[];
  /** RFC 5545 PRIORITY: 1 highest, 9 lowest, 0 undefined. */
  priority: number;
};

export type IcsCalendar = { prodId: string; name: string; description: string; events: IcsEvent[] };

/** Control characters are not allowed in TEXT (RFC 5545 3.1, CONTROL); a tab is, and a line break is kept to be escaped. */
function withoutControls(value: string): string {
  let out = "";
  for (const c of value) {
    const code = c.charCodeAt(0);
    if (c === "\t" || c === "\n" || (code > 0x1f && code !== 0x7f)) out += c;
  }
  return out;
}

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return withoutControls(value.replace(/\r\n|\r/g, "\n"))
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

/** 20261128T143000Z */
export function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

const encoder = new TextEncoder();

/**
 * Content lines longer than 75 octets are folded (RFC 5545 3.1): CRLF then one space. Cut between
 * code points only, so a multi-octet character is never split across lines.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // The first line holds 75 octets, each continuation 74 after its leading space.
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(e: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    `CREATED:${utcStamp(e.created)}`,
    `LAST-MODIFIED:${utcStamp(e.stamp)}`,
    `DTSTART:${utcStamp(e.start)}`,
    `DTEND:${utcStamp(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  // URI values are not TEXT: not escaped (RFC 5545 3.3.13); ours are built from ids, nothing to escape.
  if (e.url) lines.push(`URL:${e.url}`);
  if (e.categories.length > 0) lines.push(`CATEGORIES:${e.categories.map(escapeText).join(",")}`);
  lines.push(`PRIORITY:${e.priority}`, "TRANSP:TRANSPARENT", "END:VEVENT");
  return lines;
}

/** The whole calendar as one string, CRLF after every line (the last too). */
export function renderCalendar(cal: IcsCalendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeText(cal.prodId)}`,
    "CALSCALE:GREGORIAN",
    `NAME:${escapeText(cal.name)}`,
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `DESCRIPTION:${escapeText(cal.description)}`,
    // How often subscribers should come back (RFC 7986 and the older Microsoft property).
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...cal.events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
