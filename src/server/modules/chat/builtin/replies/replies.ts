import type { JobCounts } from "@/shared/jobs";
import type { Language } from "@/shared/languages";
import type { TaskView } from "@/shared/work";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";

/**
 * What the built-in assistant says, in one language: its help, its own answers and the text of
 * each tool's outcome (the action cards stay in English, translated when read: chat-language.ts).
 * A model gets the English; the reader of the built-in assistant gets their language, whatever
 * the language of their command.
 */
export type Replies = {
  /** For dates ("Fri 4 Dec", "Fr., 4. Dez.") and counts. */
  locale: string;
  help: string;
  didNotUnderstand: string;
  dueUnreadable: (due: string) => string;
  titleMissing: string;
  created: (line: string) => string;
  completed: (title: string) => string;
  alreadyDone: (title: string) => string;
  confirmDelete: (title: string, project: string) => string;
  /** A task in a reply: its title quoted, then what is known of it. */
  quoted: (title: string) => string;
  due: (day: string) => string;
  priority: (priority: "low" | "high") => string;
  done: string;
  heading: (view: TaskView, project: string | null) => string;
  matching: (query: string) => string;
  none: (heading: string) => string;
  andMore: string;
  nothingOverdue: string;
  summary: (project: string, open: string, done: string, overdue: string) => string;
  nextDue: (title: string, day: string) => string;
  nothingUpcoming: string;
  status: (s: { all: string; today: string; overdue: string; done: string; projects: string; limit: string | null; jobs: string; byState: [count: string, state: keyof JobCounts][] }) => string;
};

const phrasebooks: Record<Language, Replies> = { en, de, fr };

export const repliesIn = (lang: Language | undefined): Replies => phrasebooks[lang ?? "en"];
export const allReplies = phrasebooks;
