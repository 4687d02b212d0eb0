import type { Replies } from "./replies";

const help = [
  "Je vous aide pour vos tâches et vos projets. Essayez :",
  "- « crée une tâche Tailler les rosiers dans Jardin pour vendredi, priorité haute » (échéance : aujourd’hui, demain, un jour de la semaine, lundi prochain, dans 3 jours ou 01/12/2026)",
  "- « termine Tailler les rosiers »",
  "- « supprime la tâche Tailler les rosiers » (je vous demande de confirmer d’abord)",
  "- « qu’est-ce qui est en retard ? »",
  "- « résume Jardin »",
  "- « liste les tâches de Jardin » (ou « montre les tâches du jour », « affiche les tâches terminées »)",
  "- « cherche corde »",
  "- « statut » pour le nombre de tâches, de projets et de jobs d’agent",
  "Je comprends aussi les commandes en anglais et en allemand.",
].join("\n");

const headings = { all: "Tâches", today: "Tâches pour aujourd’hui", overdue: "Tâches en retard", done: "Tâches terminées" } as const;
const priorities = { high: "priorité haute", low: "priorité basse" } as const;
const jobStates = { queued: "en attente", sent: "envoyés", done: "terminés", failed: "en échec" } as const;

export const fr: Replies = {
  locale: "fr-FR",
  help,
  didNotUnderstand: `Je n’ai pas compris. ${help}`,
  dueUnreadable: (due) => `Je n’ai pas pu lire l’échéance «\u202f${due}\u202f». Essayez aujourd’hui, demain, un jour comme vendredi ou une date comme 01/12/2026.`,
  titleMissing: "Donnez-moi le titre de la tâche, par exemple « crée une tâche Tailler les rosiers dans Jardin pour vendredi ».",
  created: (line) => `Tâche ${line} créée.`,
  completed: (title) => `«\u202f${title}\u202f» marquée comme terminée.`,
  alreadyDone: (title) => `«\u202f${title}\u202f» était déjà terminée.`,
  confirmDelete: (title, project) => `Supprimer «\u202f${title}\u202f» de ${project}\u202f? Confirmez ou annulez dans le chat.`,
  quoted: (title) => `«\u202f${title}\u202f»`,
  due: (day) => `échéance ${day}`,
  priority: (priority) => priorities[priority],
  done: "terminée",
  heading: (view, project) => (project ? `${headings[view]} dans ${project}` : headings[view]),
  matching: (query) => `Tâches contenant «\u202f${query}\u202f»`,
  none: (heading) => `${heading}\u202f: aucune.`,
  andMore: "…et d’autres",
  nothingOverdue: "Rien n’est en retard. Bravo !",
  summary: (project, open, done, overdue) => `${project}\u202f: ${open} ouvertes, ${done} terminées, ${overdue} en retard.`,
  nextDue: (title, day) => `Prochaine échéance\u202f: «\u202f${title}\u202f» le ${day}.`,
  nothingUpcoming: "Rien à venir avec une échéance.",
  status: (s) =>
    [
      `Tâches\u202f: ${s.all} (${s.today} pour aujourd’hui, ${s.overdue} en retard, ${s.done} terminées).`,
      `Projets\u202f: ${s.projects}${s.limit === null ? "" : ` sur ${s.limit} autorisés`}.`,
      `Jobs d’agent\u202f: ${s.jobs}${s.byState.length ? ` (${s.byState.map(([n, state]) => `${n} ${jobStates[state]}`).join(", ")})` : ""}.`,
    ].join("\n"),
};
