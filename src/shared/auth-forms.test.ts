import { describe, expect, it } from "vitest";
import { signInInput, signUpInput } from "./auth-forms";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("auth form schemas", () => {
  it("gives the spec's message keys in order", () => {
    expect(firstMessage(signInInput.safeParse({ email: "", password: "secret-words-1" }))).toBe("validation.emailRequired");
    expect(firstMessage(signInInput.safeParse({ email: "nope", password: "secret-words-1" }))).toBe("validation.emailInvalid");
    expect(firstMessage(signInInput.safeParse({ email: "a@b.eu", password: "" }))).toBe("validation.passwordRequired");
    expect(firstMessage(signInInput.safeParse({ email: "a@b.eu", password: "123456789" }))).toBe("validation.passwordMin");
    expect(firstMessage(signUpInput.safeParse({ email: "a@b.eu", password: "1234567890", name: "   " }))).toBe("validation.nameRequired");
  });

  it("caps the name at 100 characters after trimming", () => {
    expect(firstMessage(signUpInput.safeParse({ email: "a@b.eu", password: "1234567890", name: "x".repeat(101) }))).toBe("validation.nameMax");
    expect(signUpInput.safeParse({ email: "a@b.eu", password: "1234567890", name: ` ${"x".repeat(100)} ` }).success).toBe(true);
  });

  it("trims email and name", () => {
    expect(signUpInput.parse({ email: "  a@b.eu ", password: "1234567890", name: " Ada " })).toEqual({ email: "a@b.eu", password: "1234567890", name: "Ada" });
  });
});
