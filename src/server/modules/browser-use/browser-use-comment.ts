import type { Language } from "@/shared/languages";

/** Why a browser task brought no result; each is said in the comment's language. */
export type RunFailure = { code: "agent_failed"; output: string | null } | { code: "stopped" | "key_missing" | "key_refused" | "task_unknown" } | { code: "timed_out"; minutes: number };

type Texts = {
  finished: string;
  failed: string;
  instructions: string;
  result: string;
  reason: (f: RunFailure) => string;
};

const texts: Record<Language, Texts> = {
  en: {
    finished: "**Browser task finished** (Browser Use, started by the assistant)",
    failed: "**Browser task failed** (Browser Use, started by the assistant)",
    instructions: "Instructions",
    result: "Result",
    reason: (f) => {
      switch (f.code) {
        case "agent_failed":
          return "Browser Use could not complete it. Its report:";
        case "stopped":
          return "The task was stopped at Browser Use before it finished.";
        case "key_missing":
          return "Browser Use was disconnected, or its key no longer passes its test, before the result came back.";
        case "key_refused":
          return "Browser Use refused the organisation's API key while the task ran.";
        case "task_unknown":
          return "Browser Use no longer knows this task.";
        case "timed_out":
          return `No result came back from Browser Use within ${f.minutes} minutes.`;
      }
    },
  },
  de: {
    finished: "**Browser-Aufgabe abgeschlossen** (Browser Use, vom Assistenten gestartet)",
    failed: "**Browser-Aufgabe fehlgeschlagen** (Browser Use, vom Assistenten gestartet)",
    instructions: "Anweisungen",
    result: "Ergebnis",
    reason: (f) => {
      switch (f.code) {
        case "agent_failed":
          return "Browser Use konnte sie nicht erledigen. Sein Bericht:";
        case "stopped":
          return "Die Aufgabe wurde bei Browser Use angehalten, bevor sie fertig war.";
        case "key_missing":
          return "Browser Use wurde getrennt, oder sein Schlüssel besteht den Test nicht mehr, bevor das Ergebnis kam.";
        case "key_refused":
          return "Browser Use hat den API-Schlüssel der Organisation während der Aufgabe abgelehnt.";
        case "task_unknown":
          return "Browser Use kennt diese Aufgabe nicht mehr.";
        case "timed_out":
          return `Von Browser Use kam innerhalb von ${f.minutes} Minuten kein Ergebnis.`;
      }
    },
  },
  fr: {
    finished: "**Tâche de navigateur terminée** (Browser Use, lancée par l’assistant)",
    failed: "**Échec de la tâche de navigateur** (Browser Use, lancée par l’assistant)",
    instructions: "Instructions",
    result: "Résultat",
    reason: (f) => {
      switch (f.code) {
        case "agent_failed":
          return "Browser Use n’a pas pu la mener à bien. Son rapport :";
        case "stopped":
          return "La tâche a été arrêtée chez Browser Use avant la fin.";
        case "key_missing":
          return "Browser Use a été déconnecté, ou sa clé ne passe plus le test, avant l’arrivée du résultat.";
        case "key_refused":
          return "Browser Use a refusé la clé d’API de l’organisation pendant la tâche.";
        case "task_unknown":
          return "Browser Use ne connaît plus cette tâche.";
        case "timed_out":
          return `Aucun résultat de Browser Use en ${f.minutes} minutes.`;
      }
    },
  },
};

/** Output from a web page is quoted as text: a fenced block, so no Markdown or HTML of the page is rendered as ours. */
const fenced = (text: string) => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
};

const MAX_OUTPUT = 8_000;
const clip = (text: string) => (text.length > MAX_OUTPUT ? `${text.slice(0, MAX_OUTPUT)}…` : text);

/** The comment posted on the task: marked as the assistant's work, in the language of the person who asked. */
export function runComment(lang: Language, instructions: string, outcome: { ok: true; output: string } | { ok: false; failure: RunFailure }): string {
  const t = texts[lang];
  const asked = `${t.instructions}:\n${fenced(clip(instructions))}`;
  if (outcome.ok) return `${t.finished}\n\n${asked}\n\n${t.result}:\n${fenced(clip(outcome.output))}`;
  const { failure } = outcome;
  const report = failure.code === "agent_failed" ? `\n${fenced(clip(failure.output ?? "—"))}` : "";
  return `${t.failed}\n\n${asked}\n\n${t.reason(failure)}${report}`;
}
