/**
 * Pages for the project scan's tests: a clean page that passes every check, and the same page
 * with one defect planted, so a test can show each check finds exactly its own issue.
 */
export const CLEAN_HEADERS: Record<string, string | string[]> = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "content-security-policy": "default-src 'self'; frame-ancestors 'self'",
  "x-frame-options": "DENY",
  "set-cookie": ["session=abc; Path=/; Secure; HttpOnly; SameSite=Lax"],
};

type Parts = { lang: string; head: string; title: string; description: string; canonical: string; body: string };

const parts: Parts = {
  lang: ' lang="en"',
  title: "<title>Lantern Orbit: garden sensors</title>",
  description: '<meta name="description" content="Solar garden sensors that tell you when to water, with no app to install.">',
  canonical: '<link rel="canonical" href="https://secure-site.test/">',
  head: '<link rel="stylesheet" href="/site.css"><script src="/app.js" defer></script><script type="module" src="/mod.js"></script>',
  body: `<h1>Garden sensors</h1>
  <!-- <img src="/commented.png"> is not an image -->
  <img src="/hero.png" alt="A sensor in a tomato bed"><img src="/divider.png" alt="">
  <h2>Order</h2>
  <form><label for="email">Email</label><input id="email" name="email" type="email">
  <label>Size <select name="size"><option>S</option></select></label>
  <input type="hidden" name="token" value="x"><textarea aria-label="Note" name="note"></textarea>
  <button type="submit">Buy</button></form>
  <script>const fake = '<img src="/in-script.png">';</script>`,
};

export function page(overrides: Partial<Parts> = {}): string {
  const p = { ...parts, ...overrides };
  return `<!DOCTYPE html>\n<html${p.lang}><head><meta charset="utf-8">${p.title}${p.description}${p.canonical}${p.head}</head>\n<body>${p.body}</body></html>`;
}

export const CLEAN_PAGE = page();
