import { parseCreate, tool, unquote, type BuiltinCommand, type CreateGrammar } from "./parse-create";
import { listCommand } from "./parse-list";

// "crée une tâche Tailler les rosiers dans Jardin pour vendredi, priorité haute", "… échéance 01/12/2026".
const french: CreateGrammar = {
  strictDue: "échéance|echeance",
  looseDue: "pour|avant|d'ici",
  project: "dans",
  priority: "priorité|priorite|prio",
  priorityPhrase: /\s+(?:en |avec une |de )?(?:(\p{L}+)\s+priorité|priorité\s+(\p{L}+))$/iu,
};

/** The built-in assistant's commands in French (vous or tu, with or without "la tâche"). */
export function parseFrench(text: string): BuiltinCommand | null {
  const lower = text.toLowerCase().replace(/\s+\?$/, "?");
  if (/^(aide|commandes|que sais-tu faire\??|que savez-vous faire\??|qu'est-ce que tu sais faire\??|bonjour|salut)$/.test(lower)) return { kind: "help" };
  if (/^(statut|état|etat|état du système)$/.test(lower)) return { kind: "status" };
  if (/^(qu'est-ce qui est en retard|quoi est en retard|(affiche |liste |montre )?(les |mes |toutes les )?tâches en retard|en retard)\??$/.test(lower)) return tool({ name: "list_overdue", args: {} });

  let m = /^(?:crée|créer|cree|creer|créez|ajoute|ajouter|ajoutez|nouvelle)(?: une| la)?(?: nouvelle)? t[âa]che:?\s+(.+)$/i.exec(text);
  if (m) return parseCreate(m[1]!, french);
  m = /^(?:marque|marquez)(?: la)?(?: t[âa]che)?:?\s+(.+?)\s+comme (?:terminée|terminé|faite|fait)$/i.exec(text) ?? /^(?:termine|terminer|terminez|coche|cocher|cochez|finis|finir)(?: la)?(?: t[âa]che)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "complete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:supprime|supprimer|supprimez|efface|effacer|effacez)(?: la)?(?: t[âa]che)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "delete_task", args: { task: unquote(m[1]!) } });
  m = /^(?:résume|résumer|résumez|resume|résumé de|résumé du|où en est|ou en est)(?: le)?(?: projet)?:?\s+(.+?)\s*\??$/i.exec(text);
  if (m) return tool({ name: "summarise_project", args: { project: unquote(m[1]!) } });
  m = /^(?:cherche|chercher|cherchez|recherche|rechercher|trouve|trouver|trouvez)(?: les)?(?: t[âa]ches?)?:?\s+(.+)$/i.exec(text);
  if (m) return tool({ name: "search_tasks", args: { query: unquote(m[1]!) } });
  m = /^(?:liste|lister|listez|affiche|afficher|affichez|montre|montrez|montre-moi|montrez-moi)(?: moi)?(?: toutes)?(?: les| mes)? t[âa]ches(?: (terminées|faites|du jour|d'aujourd'hui|pour aujourd'hui|en retard|ouvertes))?(?:\s+(?:de|du|dans|pour)(?: le)?(?: projet)?\s+(.+?))?\s*\??$/i.exec(text);
  if (m) return listCommand(m[1] ?? "", m[2]);
  return null;
}
