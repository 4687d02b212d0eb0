import { describe, expect, it } from "vitest";
import "./zod-setup";
import { z } from "zod";

describe("zod without eval", () => {
  it("is jitless once zod-setup is imported, and still validates", () => {
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() });
    expect(schema.safeParse({ name: "Ada", tags: ["x"] }).success).toBe(true);
    expect(schema.safeParse({ name: "" }).success).toBe(false);
  });
});
