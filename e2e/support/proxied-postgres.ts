/**
 * The PostgreSQL server for journeys that need a real one (the embedded database cannot go away):
 * E2E_POSTGRES_URL, else TEST_DATABASE_URL. Without either, such a journey is skipped, or fails
 * under REQUIRE_BROWSER=1, where every journey must run.
 */
export function requirePostgresForJourney(journey: string): string | undefined {
  const url = process.env.E2E_POSTGRES_URL || process.env.TEST_DATABASE_URL;
  if (url) return url;
  const hint = "set E2E_POSTGRES_URL=postgres://user@host:5432/db (a server where databases may be created)";
  if (process.env.REQUIRE_BROWSER === "1") throw new Error(`REQUIRE_BROWSER=1, but the ${journey} journey needs a PostgreSQL server: ${hint}`);
  console.warn(`\n  Browser journey "${journey}" SKIPPED: it needs a PostgreSQL server; ${hint}.\n`);
  return undefined;
}
