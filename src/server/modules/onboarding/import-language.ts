import type { Language } from "@/shared/languages";
import type { TaskImport } from "@/shared/task-imports";
import type { ImportResult } from "@/shared/work";
import { translateServerMessage } from "../../i18n/server-messages";

// An import's report is written (and stored) in English and said in the reader's language when
// answered, like the scan reports (docs/decisions/020).
const rowsIn = (lang: Language, errors: ImportResult["errors"]) => errors.map((e) => ({ row: e.row, message: translateServerMessage(lang, e.message) }));

export const importResultIn = (lang: Language, result: ImportResult): ImportResult => (lang === "en" ? result : { ...result, errors: rowsIn(lang, result.errors) });

export const taskImportIn = (lang: Language, found: TaskImport): TaskImport =>
  lang === "en" ? found : { ...found, errors: rowsIn(lang, found.errors), failure: found.failure && translateServerMessage(lang, found.failure) };
