import { languageSchema, themeSchema } from "@/shared/preferences";

/**
 * The user's language and theme, stored on the user row and carried in every session, so a new
 * device picks them up at sign-in. Set at sign-up (the browser's language, so the verification
 * mail is already in it) and by update-user from Settings > Appearance; anything but a known
 * value is a 400 (the validators run in better-auth's input parsing).
 */
export const userPreferenceFields = {
  locale: { type: "string", required: false, input: true, validator: { input: languageSchema.nullable() } },
  theme: { type: "string", required: false, input: true, validator: { input: themeSchema.nullable() } },
} as const;
