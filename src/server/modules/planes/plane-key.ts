/** A short key like PERS or WORK from the name; digits are added until it is free in the org. */
export function planeKeyCandidates(name: string): string[] {
  const letters = name.normalize("NFKD").replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  const base = /^[A-Z]/.test(letters) ? letters.slice(0, 4) : `P${letters.slice(0, 3)}`;
  const stem = base.length >= 2 ? base : `${base}PL`.slice(0, 4);
  return [stem, ...Array.from({ length: 98 }, (_, i) => `${stem}${i + 2}`)];
}
