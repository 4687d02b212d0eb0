import { HQ_MAX_HOSTS } from "@/shared/hq";

/**
 * HQ_SWITCHBOARD_HOSTS as the ordered list of n8n bases: primary first, then up to two fallbacks.
 * Entries that are not http(s) addresses are skipped rather than tried, so a typo cannot turn
 * into a request somewhere unexpected; extra entries past the third are ignored.
 */
export function switchboardHosts(setting: string | undefined): string[] {
  return (setting ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol))
    .slice(0, HQ_MAX_HOSTS);
}

/** Per host, so three silent hosts still answer the page within half a minute. */
export const switchboardTimeoutMs = (outboundTimeoutMs: number) => Math.min(outboundTimeoutMs, 10_000);
