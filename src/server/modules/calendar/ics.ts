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

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    // Other control characters are not allowed in TEXT (RFC 5545 3.1, CONTROL); a tab is.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
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
