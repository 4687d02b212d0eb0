import { describe, expect, it } from "vitest";
import { priorityOfWord } from "./priority-words";

describe("a priority as people write it", () => {
  it("reads English, German and French, without case or accents", () => {
    for (const w of ["High", "hoch", "Hohe", "haute", "Élevée", "elevee", "HAUT"]) expect(priorityOfWord(w), w).toBe("high");
    for (const w of ["medium", "Mittel", "mittlere", "moyenne", "Moyen", "normal", " normale "]) expect(priorityOfWord(w), w).toBe("medium");
    for (const w of ["low", "niedrig", "Niedrige", "gering", "basse", "Bas", "faible"]) expect(priorityOfWord(w), w).toBe("low");
  });

  it("names no priority for other words", () => {
    for (const w of ["urgent", "", "3", "höchste", "prioritaire"]) expect(priorityOfWord(w), w).toBeNull();
  });
});
