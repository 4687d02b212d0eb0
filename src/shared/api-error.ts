import { z } from "zod";

export const errorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "plan_limit",
  "rate_limited",
  "payload_too_large",
  "unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    requestId: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
