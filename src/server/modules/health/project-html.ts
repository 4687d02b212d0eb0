/**
 * A small HTML tokenizer for the project scan. No HTML parser is in node_modules and the scan only
 * needs start tags, their attributes, a few elements' text and whether a tag sits in <head>, so we
 * follow the parts of the WHATWG tokenizer that change those answers: comments, doctype and CDATA
 * are skipped; script, style, textarea and title are raw text up to their own end tag (a '<img>'
 * inside a script is no image); attribute values may be quoted either way or bare; the first of
 * two same-named attributes wins; common character references are decoded. It never builds a tree,
 * so malformed nesting cannot make it loop or throw, and it is linear in the input's length.
 */
export type HtmlElement = {
  tag: string;
  attrs: Map<string, string>;
  /** Before <body> or the first element that only belongs in a body. */
  inHead: boolean;
  /** Inside an open <label> (a control wrapped by its label). */
  inLabel: boolean;
  /** Text content, for raw-text elements (title) and headings. */
  text: string;
};

const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noembed", "noframes"]);
const HEAD_TAGS = new Set(["html", "head", "title", "meta", "link", "style", "script", "base", "noscript", "template"]);
const TEXT_COLLECTED = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "label"]);
const NAMED_REFS: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFS[ref.toLowerCase()] ?? whole;
  });
}

const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttrs(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return attrs;
}

/** Finds the end of a start tag, skipping '>' inside quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < html.length; i++) {
    const ch = html[i]!;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      // Only a quote right after '=' opens a value; a stray one elsewhere is text of a bare name.
      if (/=\s*$/.test(html.slice(Math.max(from, i - 8), i))) quote = ch;
    } else if (ch === ">") return i;
  }
  return -1;
}

const stripTags = (s: string) => decodeEntities(s.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();

export function tokenizeHtml(html: string): HtmlElement[] {
  const elements: HtmlElement[] = [];
  const collecting: { element: HtmlElement; start: number }[] = [];
  let inHead = true;
  let labelDepth = 0;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      const end = html.indexOf(">", lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const close = html[lt + 1] === "/";
    const nameMatch = /^[a-zA-Z][^\s/>]*/.exec(html.slice(close ? lt + 2 : lt + 1, lt + 80));
    if (!nameMatch) {
      i = lt + 1;
      continue;
    }
    const tag = nameMatch[0].toLowerCase();
    const nameEnd = lt + (close ? 2 : 1) + nameMatch[0].length;
    const end = tagEnd(html, nameEnd);
    if (end < 0) break;
    if (close) {
      if (tag === "label") labelDepth = Math.max(0, labelDepth - 1);
      if (tag === "head") inHead = false;
      const open = collecting.findLastIndex((c) => c.element.tag === tag);
      if (open >= 0) {
        const [{ element, start }] = collecting.splice(open, 1) as [{ element: HtmlElement; start: number }];
        element.text = stripTags(html.slice(start, lt));
      }
      i = end + 1;
      continue;
    }
    if (tag === "body" || (inHead && !HEAD_TAGS.has(tag))) inHead = false;
    const element: HtmlElement = { tag, attrs: parseAttrs(html.slice(nameEnd, end)), inHead, inLabel: labelDepth > 0, text: "" };
    elements.push(element);
    i = end + 1;
    if (RAW_TEXT.has(tag)) {
      const closeAt = html.slice(i).search(new RegExp(`</${tag}[\\s/>]`, "i"));
      const rawEnd = closeAt < 0 ? html.length : i + closeAt;
      element.text = tag === "title" ? stripTags(html.slice(i, rawEnd)) : "";
      i = closeAt < 0 ? html.length : (html.indexOf(">", rawEnd) + 1 || html.length);
      continue;
    }
    if (tag === "label") labelDepth++;
    if (TEXT_COLLECTED.has(tag)) collecting.push({ element, start: i });
  }
  return elements;
}
