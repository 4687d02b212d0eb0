import { z } from "zod";
import { LANGUAGES, THEMES } from "./languages";

export * from "./languages";

/** The user's stored choices (better-auth additionalFields on the user: `locale`, `theme`). */
export const languageSchema = z.enum(LANGUAGES);
export const themeSchema = z.enum(THEMES);
