import type { Connection, ConnectionResponse, KeyTestResult } from "@/shared/connections";
import type { Language } from "@/shared/languages";
import { translateServerMessage } from "../../i18n/server-messages";

// A key test's outcome is stored in English with the connection (key-test.ts) and said in the
// reader's language when read, like the scan reports (docs/decisions/020).
const testIn = (lang: Language, test: KeyTestResult | null): KeyTestResult | null => test && { ...test, message: translateServerMessage(lang, test.message) };

export const connectionIn = (lang: Language, connection: Connection): Connection =>
  lang === "en" || !connection.test_message ? connection : { ...connection, test_message: translateServerMessage(lang, connection.test_message) };

export const connectionResponseIn = (lang: Language, response: ConnectionResponse): ConnectionResponse =>
  lang === "en" ? response : { ...response, connection: connectionIn(lang, response.connection), test: testIn(lang, response.test) };
