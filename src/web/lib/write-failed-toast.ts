import { toast } from "@/web/lib/toast";
import i18n from "@/web/i18n";
import { isUnreachable } from "./api";
import { errorMessage } from "./error-message";

// One toast for all writes that fail while the server is away or the browser offline; the banner says the rest.
const UNREACHABLE_TOAST_ID = "server-unreachable";

/** A failed write, told once, in the words of errorMessage (the caller's text for a 5xx). */
export function toastWriteFailed(error: unknown, fallback: string) {
  const description = errorMessage(error, i18n.t, { fallback, isWrite: true });
  if (isUnreachable(error)) toast.error(description, { id: UNREACHABLE_TOAST_ID });
  else toast.error(i18n.t("error"), { description });
}
