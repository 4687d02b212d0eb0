import { isRecord } from "@/shared/n8n";
import { AppError } from "../../lib/errors";
import type { N8nApiAnswer } from "./n8n-api";

/** n8n's own words ({"message": …}), cut short: an owner reads them to fix the workflow or the key. */
function n8nMessageOf(json: unknown): string | null {
  const message = isRecord(json) && typeof json.message === "string" ? json.message.trim() : "";
  return message ? message.slice(0, 300) : null;
}

/** What an answer that is not a success means, in words the Deploy panel can show as they are. */
export function describeN8nFailure(answer: N8nApiAnswer, doing: string): string {
  if (!answer.ok) return answer.reason;
  const { status } = answer;
  if (status === 401 || status === 403) return `n8n answered ${status} while ${doing}: check the n8n API key`;
  const said = n8nMessageOf(answer.json);
  if (status >= 500) return said ? `n8n answered ${status} while ${doing} (${said}); try again shortly` : `n8n answered ${status} while ${doing}; try again shortly`;
  return said ? `n8n refused ${doing} (${status}): ${said}` : `n8n refused ${doing} (${status})`;
}

/** n8n failed us: a 424 with that description, never a 5xx (the browser would hide its message). */
export const n8nFailure = (answer: N8nApiAnswer, doing: string) => new AppError("upstream_failed", describeN8nFailure(answer, doing));

/** The JSON of a 2xx answer, or null for any other answer or none. */
export const successOf = (answer: N8nApiAnswer): { json: unknown } | null => (answer.ok && answer.status >= 200 && answer.status < 300 ? { json: answer.json } : null);
