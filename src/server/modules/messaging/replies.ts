import type { Language } from "@/shared/languages";

/** What the bot says, in the member's language (their chosen locale, else the chat app's). */
export type Replies = {
  linked: string;
  codeInvalid: string;
  /** `app` is the chat app's name (Telegram, WhatsApp), `command` what to send there with the code. */
  notLinked: (app: string, command: string) => string;
  help: string;
  budget: string;
  failed: string;
  assigned: (task: string, by: string | null) => string;
  mentioned: (task: string, by: string | null) => string;
  dueSoon: (task: string) => string;
  jobDone: (job: string) => string;
  jobFailed: (job: string, error: string | null) => string;
  open: (url: string) => string;
};

const en: Replies = {
  linked: "Linked. You'll get your notifications here. Try /task Buy paint friday high or /today.",
  codeInvalid: "That code is not valid (used, expired, or from elsewhere). Get a new one on the Integrations page.",
  notLinked: (app, command) => `This chat is not linked yet. Open Integrations → ${app} in the app, get a code and send ${command}.`,
  help: "/task Title [day] [low|medium|high] creates a task, /today lists today's tasks; anything else goes to the assistant.",
  budget: "The assistant's budget is used up for now; try again later.",
  failed: "Something went wrong; please try again.",
  assigned: (task, by) => `${by ?? "Someone"} assigned you "${task}".`,
  mentioned: (task, by) => `${by ?? "Someone"} mentioned you on "${task}".`,
  dueSoon: (task) => `"${task}" is due soon.`,
  jobDone: (job) => `Your agent job finished: ${job}`,
  jobFailed: (job, error) => `Your agent job failed: ${job}${error ? `\nError: ${error}` : ""}`,
  open: (url) => `Open: ${url}`,
};

const de: Replies = {
  linked: "Verknüpft. Ihre Benachrichtigungen kommen jetzt hierher. Probieren Sie /task Farbe kaufen freitag hoch oder /today.",
  codeInvalid: "Dieser Code ist nicht gültig (benutzt, abgelaufen oder von woanders). Holen Sie sich unter Integrationen einen neuen.",
  notLinked: (app, command) => `Dieser Chat ist noch nicht verknüpft. Öffnen Sie in der App Integrationen → ${app}, holen Sie sich einen Code und senden Sie ${command}.`,
  help: "/task Titel [Tag] [niedrig|mittel|hoch] legt eine Aufgabe an, /today zeigt die heutigen Aufgaben; alles andere geht an den Assistenten.",
  budget: "Das Budget des Assistenten ist gerade aufgebraucht; versuchen Sie es später noch einmal.",
  failed: "Etwas ist schiefgegangen; bitte versuchen Sie es noch einmal.",
  assigned: (task, by) => `${by ?? "Jemand"} hat Ihnen „${task}“ zugewiesen.`,
  mentioned: (task, by) => `${by ?? "Jemand"} hat Sie bei „${task}“ erwähnt.`,
  dueSoon: (task) => `„${task}“ ist bald fällig.`,
  jobDone: (job) => `Ihr Agenten-Job ist fertig: ${job}`,
  jobFailed: (job, error) => `Ihr Agenten-Job ist fehlgeschlagen: ${job}${error ? `\nFehler: ${error}` : ""}`,
  open: (url) => `Öffnen: ${url}`,
};

const fr: Replies = {
  linked: "Lié. Vos notifications arriveront ici. Essayez /task Acheter de la peinture vendredi haute ou /today.",
  codeInvalid: "Ce code n'est pas valable (utilisé, expiré ou d'ailleurs). Demandez-en un nouveau sur la page Intégrations.",
  notLinked: (app, command) => `Cette conversation n'est pas encore liée. Ouvrez Intégrations → ${app} dans l'application, obtenez un code et envoyez ${command}.`,
  help: "/task Titre [jour] [basse|moyenne|haute] crée une tâche, /today liste les tâches du jour\u202f; tout le reste va à l'assistant.",
  budget: "Le budget de l'assistant est épuisé pour le moment\u202f; réessayez plus tard.",
  failed: "Une erreur s'est produite\u202f; veuillez réessayer.",
  assigned: (task, by) => `${by ?? "Quelqu'un"} vous a assigné «\u202f${task}\u202f».`,
  mentioned: (task, by) => `${by ?? "Quelqu'un"} vous a mentionné sur «\u202f${task}\u202f».`,
  dueSoon: (task) => `«\u202f${task}\u202f» arrive bientôt à échéance.`,
  jobDone: (job) => `Votre tâche d'agent est terminée\u202f: ${job}`,
  jobFailed: (job, error) => `Votre tâche d'agent a échoué\u202f: ${job}${error ? `\nErreur\u202f: ${error}` : ""}`,
  open: (url) => `Ouvrir\u202f: ${url}`,
};

const catalogue: Record<Language, Replies> = { en, de, fr };

export const messagingReplies = (lang: Language): Replies => catalogue[lang];

/** The member's chosen locale first; else the chat app's language when we have it; else English. */
export function languageOf(locale: string | null | undefined, hint?: string | null): Language {
  for (const candidate of [locale, hint]) {
    const base = candidate?.slice(0, 2).toLowerCase();
    if (base === "en" || base === "de" || base === "fr") return base;
  }
  return "en";
}
