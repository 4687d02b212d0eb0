import type { HqStatusResponse } from "@/shared/hq";
import { api } from "@/web/lib/api";

/** GET /api/v1/hq/status: whether this server has a switchboard to talk to at all. */
export const readHqStatus = () => api<HqStatusResponse>("/api/v1/hq/status");
