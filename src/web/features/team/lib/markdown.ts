import MarkdownIt from "markdown-it";

/**
 * Markdown as the task page shows it, safe by construction: raw HTML is escaped (html: false),
 * links only to http(s) and mailto (markdown-it's validateLink refuses javascript:, data: and the
 * like, and we narrow it further), each opening in a new tab with rel="noopener noreferrer nofollow".
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
const safeLink = /^(https?:|mailto:|\/|#)/i;
md.validateLink = (url) => safeLink.test(url.trim());
// Images would fetch from anywhere the text says: shown as links instead.
md.disable(["image"]);

const defaultOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet("target", "_blank");
  token.attrSet("rel", "noopener noreferrer nofollow");
  return defaultOpen(tokens, idx, options, env, self);
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The HTML of a text, with "@Name" of each mentioned member marked (the names are escaped text too). */
export function renderMarkdown(text: string, mentionNames: string[] = []): string {
  let html = md.render(text);
  for (const name of mentionNames.filter(Boolean)) {
    const escaped = md.utils.escapeHtml(`@${name}`);
    html = html.replace(new RegExp(escapeRe(escaped), "g"), `<span class="mention">${escaped}</span>`);
  }
  return html;
}
