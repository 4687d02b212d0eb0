import { ApiError } from "@/web/lib/api";

/**
 * The console's line for a failed command (spec, section 8): the server answered with an error
 * and a message -> 'Error: <message>'; no answer or anything else -> 'Unexpected error: <text>'.
 */
export function devErrorLine(error: unknown): string {
  if (error instanceof ApiError && error.code !== "network" && error.message) return `Error: ${error.message}`;
  const text = error instanceof Error ? error.message : String(error);
  return `Unexpected error: ${text || "unknown"}`;
}
