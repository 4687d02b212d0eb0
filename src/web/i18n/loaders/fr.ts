// Where each fr namespace's json is, one chunk per file; this map is a chunk of its own too, so the entry holds none of it (translations.ts).
export default import.meta.glob<Record<string, unknown>>("../fr/*.json", { import: "default" });
