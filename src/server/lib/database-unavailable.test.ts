import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors";

// What node-postgres, pg-pool and PostgreSQL itself say when the database goes away, as Drizzle
// hands it on: wrapped in "Failed query: …" with the driver's error as the cause.
const wrapped = (cause: Error) => new Error("Failed query: select 1\nparams: ", { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable during an outage", () => {
  it.each([
    ["the pool found no connection in time", new Error("timeout exceeded when trying to connect")],
    ["a new connection timed out", new Error("Connection terminated due to connection timeout")],
    ["the connection dropped mid-query", new Error("Connection terminated unexpectedly")],
    ["a client used after its connection failed", new Error("Client has encountered a connection error and is not queryable")],
    ["the server was stopped", withCode("terminating connection due to administrator command", "57P01")],
    ["the server is starting", withCode("the database system is starting up", "57P03")],
    ["too many clients", withCode("sorry, too many clients already", "53300")],
    ["no route to the host", withCode("connect EHOSTUNREACH 10.0.0.5:5432", "EHOSTUNREACH")],
    ["a name that does not resolve", withCode("getaddrinfo ENOTFOUND db.internal", "ENOTFOUND")],
  ])("%s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it("leaves errors in the query itself alone", () => {
    expect(isDatabaseUnavailable(wrapped(withCode('relation "nope" does not exist', "42P01")))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode("deadlock detected", "40P01")))).toBe(false);
  });
});
