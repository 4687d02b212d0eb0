/**
 * "Chrome on Linux" from a user agent, or null when it says nothing recognisable. Coarse on purpose:
 * it names, it does not fingerprint. `both` words a browser and a system in the reader's language.
 */
export function deviceName(userAgent: string | null | undefined, both: (browser: string, system: string) => string = (b, s) => `${b} on ${s}`): string | null {
  if (!userAgent) return null;
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
