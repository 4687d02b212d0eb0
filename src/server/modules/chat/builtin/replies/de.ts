import type { Replies } from "./replies";

const help = [
  "Ich helfe Ihnen bei Aufgaben und Projekten. Versuchen Sie:",
  "- „erstelle Aufgabe Beete jäten in Garten bis Freitag, Priorität hoch“ (fällig: heute, morgen, ein Wochentag, nächsten Montag, in 3 Tagen oder 01.12.2026)",
  "- „erledige Beete jäten“",
  "- „lösche Aufgabe Beete jäten“ (ich frage vorher nach)",
  "- „was ist überfällig?“",
  "- „fasse Garten zusammen“",
  "- „zeige Aufgaben in Garten“ (oder „zeige heute fällige Aufgaben“, „zeige erledigte Aufgaben“)",
  "- „suche Seil“",
  "- „Status“ für die Zahl der Aufgaben, Projekte und Agenten-Jobs",
  "Englische und französische Befehle verstehe ich auch.",
].join("\n");

const headings = { all: "Aufgaben", today: "Heute fällige Aufgaben", overdue: "Überfällige Aufgaben", done: "Erledigte Aufgaben" } as const;
const priorities = { high: "hohe Priorität", low: "niedrige Priorität" } as const;
const jobStates = { queued: "wartend", sent: "gesendet", done: "erledigt", failed: "fehlgeschlagen" } as const;

export const de: Replies = {
  locale: "de-DE",
  help,
  didNotUnderstand: `Das habe ich nicht verstanden. ${help}`,
  dueUnreadable: (due) => `Ich konnte das Fälligkeitsdatum „${due}“ nicht lesen. Versuchen Sie heute, morgen, einen Wochentag wie Freitag oder ein Datum wie 01.12.2026.`,
  titleMissing: "Nennen Sie mir den Titel der Aufgabe, z. B. „erstelle Aufgabe Beete jäten in Garten bis Freitag“.",
  created: (line) => `Aufgabe ${line} angelegt.`,
  completed: (title) => `„${title}“ als erledigt markiert.`,
  alreadyDone: (title) => `„${title}“ war bereits erledigt.`,
  confirmDelete: (title, project) => `„${title}“ aus ${project} löschen? Bitte bestätigen oder abbrechen Sie im Chat.`,
  quoted: (title) => `„${title}“`,
  due: (day) => `fällig ${day}`,
  priority: (priority) => priorities[priority],
  done: "erledigt",
  heading: (view, project) => (project ? `${headings[view]} in ${project}` : headings[view]),
  matching: (query) => `Aufgaben zu „${query}“`,
  none: (heading) => `${heading}: keine.`,
  andMore: "…und weitere",
  nothingOverdue: "Nichts ist überfällig. Gut gemacht!",
  summary: (project, open, done, overdue) => `${project}: ${open} offen, ${done} erledigt, ${overdue} überfällig.`,
  nextDue: (title, day) => `Als Nächstes fällig: „${title}“ am ${day}.`,
  nothingUpcoming: "Nichts Anstehendes mit Fälligkeitsdatum.",
  status: (s) =>
    [
      `Aufgaben: ${s.all} (${s.today} heute fällig, ${s.overdue} überfällig, ${s.done} erledigt).`,
      `Projekte: ${s.projects}${s.limit === null ? "" : ` von ${s.limit} erlaubten`}.`,
      `Agenten-Jobs: ${s.jobs}${s.byState.length ? ` (${s.byState.map(([n, state]) => `${n} ${jobStates[state]}`).join(", ")})` : ""}.`,
    ].join("\n"),
};
