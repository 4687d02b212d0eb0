import { describe, expect, it } from "vitest";
import { signInInput, signUpInput } from "./auth-forms";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("auth form schemas", () => {
  it("gives the spec's message keys in order", () => {
    expect(firstMessage(signInInput.safeParse({ email: "", password: "secret1" }))).toBe("validation.emailRequired");
    expect(firstMessage(signInInput.safeParse({ email: "nope", password: "secret1" }))).toBe("validation.emailInvalid");
    expect(firstMessage(signInInput.safeParse({ email: "a@b.eu", password: "" }))).toBe("validation.passwordRequired");
    expect(firstMessage(signInInput.safeParse({ email: "a@b.eu", password: "12345" }))).toBe("validation.passwordMin");
    expect(firstMessage(signUpInput.safeParse({ email: "a@b.eu", password: "123456", name: "   " }))).toBe("validation.nameRequired");
  });

  it("trims email and name", () => {
    expect(signUpInput.parse({ email: "  a@b.eu ", password: "123456", name: " Ada " })).toEqual({ email: "a@b.eu", password: "123456", name: "Ada" });
  });
});
