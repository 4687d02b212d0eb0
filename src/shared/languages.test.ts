import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, languageOf, pickLanguage } from "./languages";

describe("languages", () => {
  it("maps tags to the languages we translate", () => {
    expect(languageOf("de-AT")).toBe("de");
    expect(languageOf("FR_ca")).toBe("fr");
    expect(languageOf("es")).toBeUndefined();
    expect(pickLanguage(["es-ES", "fr-FR", "de"])).toBe("fr");
    expect(pickLanguage(["es"])).toBe("en");
  });

  it("ranks Accept-Language by q-value, then order", () => {
    expect(languageFromAcceptLanguage("en;q=0.5, de;q=0.8, fr;q=0.8")).toBe("de");
    expect(languageFromAcceptLanguage("es, fr;q=0.1")).toBe("fr");
    expect(languageFromAcceptLanguage("de;q=0, es")).toBeUndefined();
    expect(languageFromAcceptLanguage("*")).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
    expect(languageFromAcceptLanguage("de;q=abc")).toBeUndefined();
  });
});
