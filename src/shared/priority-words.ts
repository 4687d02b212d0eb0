import type { taskPriorities } from "./work-values";

export type TaskPriority = (typeof taskPriorities)[number];

/**
 * How people write a priority in English, German and French, in a spreadsheet cell or to the
 * chat's built-in assistant: "High", "hoch", "Haute", "élevée", "mittel", "basse"… Compared
 * without case or accents, so "Elevee" and "ÉLEVÉE" read the same.
 */
const words: Record<TaskPriority, string[]> = {
  high: ["high", "hi", "h", "hoch", "hohe", "hoher", "haute", "haut", "elevee", "eleve", "forte", "fort"],
  medium: ["medium", "med", "mid", "m", "normal", "mittel", "mittlere", "mittlerer", "moyenne", "moyen", "normale"],
  low: ["low", "lo", "l", "niedrig", "niedrige", "niedriger", "gering", "geringe", "tief", "basse", "bas", "faible"],
};

const bare = (word: string) => word.trim().toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
const byWord = new Map(Object.entries(words).flatMap(([priority, list]) => list.map((w) => [w, priority as TaskPriority])));

/** The priority a word names, or null when it names none. */
export const priorityOfWord = (word: string): TaskPriority | null => byWord.get(bare(word)) ?? null;
