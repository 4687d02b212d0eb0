import { devChatResponse, type devChatInput } from "@/shared/chat";
import type { z } from "zod";
import { api } from "@/web/lib/api";

export type DevCommandInput = z.input<typeof devChatInput>;

/** POST /functions/v1/dev-chat: one console command, answered whole. */
export const runDevCommand = async (input: DevCommandInput) => devChatResponse.parse(await api<unknown>("/functions/v1/dev-chat", { method: "POST", body: input }));
