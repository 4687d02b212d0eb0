import { describe, expect, it } from "vitest";
import { apiErrorBody } from "./api-error";
import { apiErrorBodySchema } from "./api-error-schema";

const samples: [string, unknown][] = [
  ["a full envelope", { error: { code: "not_found", message: "No such task", requestId: "r1", fields: { title: "Too long" } } }],
  ["the minimum", { error: { code: "internal", message: "" } }],
  ["extra keys", { error: { code: "conflict", message: "x", extra: 1 }, ok: false }],
  ["an unknown code", { error: { code: "teapot", message: "x" } }],
  ["a missing message", { error: { code: "forbidden" } }],
  ["a numeric request id", { error: { code: "forbidden", message: "x", requestId: 7 } }],
  ["a non-string field", { error: { code: "bad_request", message: "x", fields: { a: 1 } } }],
  ["fields as an array", { error: { code: "bad_request", message: "x", fields: ["a"] } }],
  ["the functions' shape", { ok: false, error: "boom", code: "internal" }],
  ["an error array", { error: [] }],
  ["null", null],
  ["a string", "error"],
  ["an array", [{ error: { code: "internal", message: "x" } }]],
];

describe("the error envelope guard", () => {
  it.each(samples)("agrees with the zod schema on %s", (_name, data) => {
    const guard = apiErrorBody.safeParse(data);
    const schema = apiErrorBodySchema.safeParse(data);
    expect(guard.success).toBe(schema.success);
    if (guard.success && schema.success) expect(guard.data.error).toMatchObject(schema.data.error);
  });
});
