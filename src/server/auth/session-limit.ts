import { SESSION_ABSOLUTE_SECONDS } from "@/shared/constants";

/** The moment a session signed in at `createdAt` ends, however often it was refreshed. */
export const absoluteEndOf = (createdAt: Date | string): Date => new Date(new Date(createdAt).getTime() + SESSION_ABSOLUTE_SECONDS * 1000);

export const isPastAbsoluteLifetime = (createdAt: Date | string, now = Date.now()): boolean => absoluteEndOf(createdAt).getTime() <= now;
