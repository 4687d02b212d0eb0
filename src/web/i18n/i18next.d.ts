import "i18next";
import type { defaultNS, resources } from "./index";
import type prose from "./en/marketing-prose.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // marketingProse is registered by the pages that use it (see features/marketing/marketing-prose-i18n.ts).
    resources: (typeof resources)["en"] & { marketingProse: typeof prose };
  }
}
