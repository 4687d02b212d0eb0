import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./constants";

// Messages are keys into the auth catalogue, so the browser shows them in the user's language.
const email = z.string().trim().min(1, "validation.emailRequired").regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "validation.emailInvalid");
const password = z.string().min(1, "validation.passwordRequired").min(MIN_PASSWORD_LENGTH, "validation.passwordMin").max(MAX_PASSWORD_LENGTH, "validation.passwordMax");

export const signInInput = z.object({ email, password });
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({ email, password, name: z.string().trim().min(1, "validation.nameRequired") });
export type SignUpInput = z.infer<typeof signUpInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "validation.passwordsDiffer", path: ["confirm"] });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
