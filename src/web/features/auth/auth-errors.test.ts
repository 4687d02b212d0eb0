import { describe, expect, it } from "vitest";
import i18n from "@/web/i18n";
import "@/web/i18n/auth-resources";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/shared/constants";
import { authErrorMessage } from "./auth-errors";

const t = i18n.getFixedT("en", "auth");

describe("authErrorMessage", () => {
  it("maps the auth library's codes to the spec's wording", () => {
    expect(authErrorMessage(t, { code: "INVALID_EMAIL_OR_PASSWORD", status: 401 })).toBe("Invalid email or password. Please check your credentials and try again.");
    expect(authErrorMessage(t, { code: "USER_ALREADY_EXISTS", status: 422 })).toBe("An account with this email already exists. Try signing in instead.");
    expect(authErrorMessage(t, { code: "EMAIL_NOT_VERIFIED", status: 403 })).toBe("Please check your email and click the confirmation link before signing in.");
  });

  it("says how long to wait when rate limited", () => {
    expect(authErrorMessage(t, { status: 429, retryAfter: 42 })).toBe("Too many attempts. Please wait 42 seconds and try again.");
  });

  it("says the account is locked, for how many minutes, and that a reset helps", () => {
    expect(authErrorMessage(t, { code: "ACCOUNT_LOCKED", status: 429, retryAfter: 900 })).toBe(
      "Too many failed sign-in attempts for this account. Try again in 15 minutes or reset your password.",
    );
    expect(authErrorMessage(t, { code: "ACCOUNT_LOCKED", status: 429, retryAfter: 42 })).toBe(
      "Too many failed sign-in attempts for this account. Try again in 1 minute or reset your password.",
    );
  });

  it("says how many minutes a mailbox waits for another confirmation mail", () => {
    expect(authErrorMessage(t, { code: "VERIFICATION_MAIL_LIMITED", status: 429, retryAfter: 840 })).toBe(
      "Too many confirmation emails for this address. Try again in 14 minutes.",
    );
  });

  it("gives the password and name limits from the shared constants", () => {
    expect(authErrorMessage(t, { code: "PASSWORD_TOO_SHORT", status: 400 })).toBe(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    expect(authErrorMessage(t, { code: "PASSWORD_TOO_LONG", status: 400 })).toBe(`Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
    expect(authErrorMessage(t, { code: "NAME_TOO_LONG", status: 400 })).toBe(`Name must be at most ${MAX_NAME_LENGTH} characters`);
  });

  it("shows other messages as they are, with the spec's fallback", () => {
    expect(authErrorMessage(t, { code: "SOMETHING_NEW", message: "Provider says no" })).toBe("Provider says no");
    expect(authErrorMessage(t, { code: "SOMETHING_NEW" })).toBe("An error occurred during authentication.");
    expect(authErrorMessage(t, null)).toBe("An error occurred during authentication.");
  });
});
