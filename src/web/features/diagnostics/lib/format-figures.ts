import { formatNumber } from "@/web/lib/format";

/** "512 MB": binary units, one decimal under ten. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) [value, unit] = [value / 1024, unit + 1];
  return `${formatNumber(value, { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

/** "3 d 4 h", "5 h 12 min", "42 s": the two largest units of a duration. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${Math.floor(seconds % 60)} s`;
  return `${Math.floor(seconds)} s`;
}

/** Milliseconds with a precision that suits their size; null stays null for the caller's dash. */
export const formatMs = (ms: number | null): string | null => (ms === null ? null : formatNumber(ms, { maximumFractionDigits: ms < 10 ? 2 : ms < 100 ? 1 : 0 }));
