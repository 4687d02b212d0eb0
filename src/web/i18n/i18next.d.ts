import "i18next";
import type { defaultNS } from "./index";
import type { EnResources } from "./en";
import type prose from "./en/marketing-prose.json";
import type chat from "./en/chat.json";
import type hq from "./en/hq.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Registered after start: the app's namespaces by app-resources.ts, marketingProse, chat and hq by the pages that use them.
    resources: EnResources & { marketingProse: typeof prose; chat: typeof chat; hq: typeof hq };
  }
}
