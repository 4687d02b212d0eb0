import { parseCreate, tool, unquote, type BuiltinCommand, type CreateGrammar } from "./parse-create";
import { listCommand } from "./parse-list";

// "Beete jäten in Garten bis Freitag, Priorität hoch", "… im Projekt Garten fällig am 01.12.2026 mit hoher Priorität".
const german: CreateGrammar = {
  strictDue: "fällig|faellig",
  looseDue: "bis|am",
  project: "in|im",
  priority: "priorität|prioritaet|prio",
  priorityPhrase: /\s+mit\s+(\p{L}+)\s+(?:priorität|prioritaet|prio)$/iu,
};

/** The built-in assistant's commands in German (Sie or du, with or without "die Aufgabe"). */
export function parseGerman(text: string): BuiltinCommand | null {
  const lower = text.toLowerCase();
  if (/^(hilfe|befehle|was kannst du( tun)?\??|was können sie( tun)?\??|hallo|guten tag|moin)$/.test(lower)) return { kind: "help" };
  if (/^(statistik|systemstatus|stand)$/.test(lower)) return { kind: "status" };
  if (/^(was ist (überfällig|verspätet)|(zeige? |liste )?(alle )?(meine )?überfällige(n)? aufgaben|überfällig)\??$/.test(lower)) return tool({ name: "list_overdue", args: {} });

  let m = /^(?:erstelle|erstellen sie|erstell|erzeuge|neue)(?: eine| die)?(?: neue)? aufgabe:?\s+(.+)$/i.exec(text) ?? /^aufgabe (?:erstellen|anlegen):?\s+(.+)$/i.exec(text);
  if (m) return parseCreate(m[1]!, german);
  m = /^(?:lege|leg|legen sie)(?: eine| die)?(?: neue)? aufgabe:?\s+(.+?)\s+an$/i.exec(text);
  if (m) return parseCreate(m[1]!, german);
  m = /^(?:markiere|markieren sie)(?: die)?(?: aufgabe)?:?\s+(.+?)\s+als erledigt$/i.exec(text) ?? /^(?:erledige|erledigen sie|schließe|schliesse|hake)(?: die)?(?: aufgabe)?:?\s+(.+?)(?:\s+ab)?$/i.exec(text);
  if (m) return tool({ name: "complete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:lösche|löschen sie|loesche|entferne)(?: die)?(?: aufgabe)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "delete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:fasse|fassen sie)(?: das)?(?: projekt)?\s+(.+?)\s+zusammen\??$/i.exec(text) ?? /^(?:zusammenfassung (?:von|für|zu)|wie steht es um|wie läuft es (?:in|bei|mit)|wie läuft)(?: dem| das)?(?: projekt)?:?\s+(.+?)\??$/i.exec(text);
  if (m) return tool({ name: "summarise_project", args: { project: unquote(m[1]!) } });
  m = /^(?:finde|suche(?: nach)?|suchen sie(?: nach)?)(?: aufgaben?)?(?: zu| mit)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "search_tasks", args: { query: unquote(m[1]!) } });
  m = /^(?:zeige?|zeigen sie|liste|liste auf)(?: mir)?(?: alle| meine| die)*(?: (offenen?|erledigten?|heutigen?|heute fälligen?|überfälligen?))? aufgaben(?: (von heute|für heute|die heute fällig sind))?(?:\s+(?:in|im|aus|von)(?: projekt)?\s+(.+?))?\??$/i.exec(text);
  if (m) return listCommand(`${m[1] ?? ""} ${m[2] ?? ""}`, m[3]);
  return null;
}
