import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { AUTH_RATE_LIMITS } from "@/shared/constants";
import { memberships, organisations } from "./db/schema";
import { call } from "./testing/http";
import { useTwoInstances } from "./testing/suite-app";
import type { TestApp } from "./testing/test-app";
import { GOOD_PASSWORD, signedInUser } from "./testing/users";

// Two server instances on one database: on the PostgreSQL server each has its own pool, as two
// processes would; on PGlite they share the one in-process handle.
const { database, a, b } = useTwoInstances();

describe("two instances behind a load balancer", () => {
  it("accept each other's sessions", async () => {
    const user = await signedInUser(a.app, a.services.database.db, "scale");
    const onB = await call(b.app, "GET", "/api/v1/organisations", { cookie: user.cookie });
    expect(onB.status).toBe(200);
  });

  it("bootstrap one organisation when both get the first visit at once", async () => {
    const user = await signedInUser(a.app, a.services.database.db, "scale-boot");
    const body = { user_id: user.id };
    const calls = [a, b, a, b, a, b].map((t) => call(t.app, "POST", "/functions/v1/org-bootstrap", { cookie: user.cookie, body }));
    const results = await Promise.all(calls);
    const ids = new Set(results.map((r) => (r.body as { org: { id: string } }).org.id));
    expect(ids.size).toBe(1);
    const [rows] = await database.db.select({ n: count() }).from(memberships);
    const [orgs] = await database.db.select({ n: count() }).from(organisations);
    expect(rows!.n).toBe(orgs!.n);
  });

  it("share one rate-limit count, so a second instance is no way around it", async () => {
    const { max } = AUTH_RATE_LIMITS["/sign-in/email"];
    const ip = "192.0.2.77";
    const attempt = (t: TestApp) => call(t.app, "POST", "/api/auth/sign-in/email", { ip, body: { email: "nobody@example.test", password: GOOD_PASSWORD } });
    for (let i = 0; i < max; i++) expect((await attempt(i % 2 ? a : b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });
});
