import { describe, expect, it } from "vitest";
import { chatFailureCodes } from "@/shared/chat";
import de from "@/web/i18n/de/chat.json";
import en from "@/web/i18n/en/chat.json";
import fr from "@/web/i18n/fr/chat.json";
import { chatFailureKeys } from "./chat-failure";

const lookup = (catalogue: unknown, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe("a failed answer's words", () => {
  it("says every code's cause and what to do in English, German and French", () => {
    for (const code of chatFailureCodes) {
      const keys = chatFailureKeys(code);
      for (const [lang, catalogue] of Object.entries({ en, de, fr })) {
        expect(lookup(catalogue, keys.title), `${lang} ${code}`).toEqual(expect.any(String));
        expect(lookup(catalogue, keys.body), `${lang} ${code}`).toEqual(expect.any(String));
      }
    }
  });

  it("names the rate limit in German, and falls back to the generic text for no code or an unknown one", () => {
    expect(lookup(de, chatFailureKeys("model_rate_limited").title)).toBe("Ratenlimit des Modelldienstes erreicht");
    expect(lookup(de, chatFailureKeys("model_rate_limited").body)).toMatch(/Warten Sie eine Minute/);
    expect(lookup(fr, chatFailureKeys("model_timeout").title)).toBe("Le modèle a mis trop de temps à répondre");
    expect(chatFailureKeys(undefined)).toEqual({ title: "failedToast", body: "failedSystem" });
    expect(chatFailureKeys("answer_failed")).toEqual({ title: "failedToast", body: "failedSystem" });
    expect(chatFailureKeys("something_new")).toEqual({ title: "failedToast", body: "failedSystem" });
  });
});
