import { z } from "zod";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./constants";

/** The longest address SMTP can deliver to (RFC 5321); the server refuses longer ones too. */
export const MAX_EMAIL_LENGTH = 254;

// Messages are keys into the auth catalogue, so the browser shows them in the user's language.
const email = z.string().trim().min(1, "validation.emailRequired").max(MAX_EMAIL_LENGTH, "validation.emailInvalid").regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "validation.emailInvalid");
const password = z.string().min(1, "validation.passwordRequired").min(MIN_PASSWORD_LENGTH, "validation.passwordMin").max(MAX_PASSWORD_LENGTH, "validation.passwordMax");

export const signInInput = z.object({ email, password });
export type SignInInput = z.infer<typeof signInInput>;

const name = z.string().trim().min(1, "validation.nameRequired").max(MAX_NAME_LENGTH, "validation.nameMax");

export const signUpInput = z.object({ email, password, name });
export type SignUpInput = z.infer<typeof signUpInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "validation.passwordsDiffer", path: ["confirm"] });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** Settings → Profile: the name only; the address is the sign-in's and changes through its own flow. */
export const profileInput = z.object({ name: z.string().trim().min(1, "validation.profileNameRequired").max(MAX_NAME_LENGTH, "validation.nameMax") });
export type ProfileInput = z.infer<typeof profileInput>;

/** Settings → Security: the current password proves it is the user; the new one follows sign-up's rules. */
export const changePasswordInput = z
  .object({ current: z.string().min(1, "validation.currentPasswordRequired"), password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "validation.passwordsDiffer", path: ["confirm"] });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
