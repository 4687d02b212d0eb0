import type { TFunction } from "i18next";
import { AUTH_ERROR_CODES } from "@/shared/constants";

type Failure = { code?: string; status?: number; message?: string } | null | undefined;

/** better-auth's two-factor refusals in the Security tab's words. */
export function twoFactorErrorMessage(t: TFunction<"settings">, error: Failure): string {
  if (!error) return t("twoFactor.failed");
  if (error.status === 429) return t("twoFactor.rateLimited");
  if (error.code === "INVALID_PASSWORD") return t("twoFactor.wrongPassword");
  if (error.code === "INVALID_CODE" || error.code === "INVALID_TWO_FACTOR_COOKIE") return t("twoFactor.wrongCode");
  if (error.code === AUTH_ERROR_CODES.totpCodeUsed) return t("twoFactor.codeUsed");
  if (error.code === AUTH_ERROR_CODES.twoFactorRequiredByOrg) return t("twoFactor.requiredByOwnOrg");
  return t("twoFactor.failed");
}

/** Six digits, spaces and dashes an app shows ignored. */
export const normaliseCode = (raw: string) => raw.replace(/[\s-]/g, "");
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);
