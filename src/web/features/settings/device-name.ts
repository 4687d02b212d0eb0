/**
 * "Chrome on Linux" from a user agent, or null when it says nothing recognisable. Coarse on purpose:
 * it names, it does not fingerprint. `both` words a browser and a system in the reader's language.
 */
/** HTTP clients that sign in from scripts and apps, by the start of their user agent. */
const CLIENTS: [RegExp, string][] = [
  [/^curl\//i, "curl"],
  [/^Wget\//i, "Wget"],
  [/^(python-requests|python-httpx|python-urllib|aiohttp)/i, "Python"],
  [/^(node-fetch|undici|node|axios)/i, "Node.js"],
  [/^Go-http-client/i, "Go"],
  [/^PostmanRuntime/i, "Postman"],
  [/^insomnia/i, "Insomnia"],
  [/^HTTPie/i, "HTTPie"],
  [/^okhttp/i, "OkHttp"],
];

export function deviceName(
  userAgent: string | null | undefined,
  both: (browser: string, system: string) => string = (b, s) => `${b} on ${s}`,
  client: (name: string) => string = (n) => `Script or app (${n})`,
): string | null {
  if (!userAgent) return null;
  // Before the browsers: a script's session (curl, a token-less API client) is not "Unknown browser".
  const tool = CLIENTS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (tool) return client(tool);
  const browser = [
    ["Edg/", "Edge"],
    ["OPR/", "Opera"],
    ["Firefox/", "Firefox"],
    ["Chrome/", "Chrome"],
    ["Safari/", "Safari"],
  ].find(([token]) => userAgent.includes(token!))?.[1];
  const system = [
    ["Android", "Android"],
    ["iPhone", "iOS"],
    ["iPad", "iPadOS"],
    ["Windows", "Windows"],
    ["Mac OS X", "macOS"],
    ["Linux", "Linux"],
  ].find(([token]) => userAgent.includes(token!))?.[1];
  if (browser && system) return both(browser, system);
  return browser ?? system ?? null;
}
