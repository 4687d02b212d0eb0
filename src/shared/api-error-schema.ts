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
