import { describe, expect, it } from "vitest";
import { saidEach } from "./report-language";

describe("a check's detail in the reader's language", () => {
  it("translates a sentence with a semicolon of its own whole (self-healing's sign-in check)", () => {
    expect(saidEach("de", "Sessions are readable; get-session answered 200 in 9 ms")).toBe("Sitzungen sind lesbar; get-session antwortete in 9 ms mit 200");
    expect(saidEach("fr", "Sessions are readable; get-session answered 200 in 9 ms")).toBe("Les sessions sont lisibles\u202f; get-session a répondu 200 en 9 ms");
  });

  it("still translates a list of findings one by one", () => {
    const said = saidEach("de", "The database answered a round trip; Title is empty");
    expect(said.split("; ")).toHaveLength(2);
    expect(said).not.toMatch(/answered|empty/);
    expect(saidEach("fr", "The database answered a round trip; Title is empty")).toMatch(/^[^;]+\u202f; Le titre est vide$/);
  });
});
