import { describe, expect, it } from "vitest";
import i18n from "@/web/i18n";
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

  it("shows other messages as they are, with the spec's fallback", () => {
    expect(authErrorMessage(t, { code: "SOMETHING_NEW", message: "Provider says no" })).toBe("Provider says no");
    expect(authErrorMessage(t, { code: "SOMETHING_NEW" })).toBe("An error occurred during authentication.");
    expect(authErrorMessage(t, null)).toBe("An error occurred during authentication.");
  });
});
