import { z } from "zod";
import { errorCodes, type ApiErrorBody } from "./api-error";

/** The error envelope as a zod schema, for the server and tests; the browser uses apiErrorBody's guard. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    requestId: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    budget: z.string().optional(),
    limit: z.number().optional(),
    resetsAt: z.string().optional(),
  }),
}) satisfies z.ZodType<ApiErrorBody>;

/** The functions' error answer (/functions/v1), the spec's flat { ok: false, error } with the same code. */
export const functionErrorBodySchema = z.object({
  ok: z.literal(false),
  error: z.string(),
  code: z.enum(errorCodes),
  requestId: z.string().optional(),
  budget: z.string().optional(),
  limit: z.number().optional(),
  resetsAt: z.string().optional(),
});
