import { z } from "zod";

// Contracts for the organisation's n8n agent (spec: Agent page, Automation): the server parses
// with them, the Create / Edit Agent dialog validates with the same schemas.

export const DEFAULT_WEBHOOK_PATH = "/we-love-hq-agent";
export const DEFAULT_AGENT_TAGS = ["onboarding", "ops"] as const;
/** Spec limits: the project picker offers at most 20 projects; the page previews 100 characters of instructions. */
export const AGENT_PROJECT_PICKER_LIMIT = 20;
export const AGENT_INSTRUCTIONS_PREVIEW = 100;
export const MAX_AGENT_NAME = 100;
export const MAX_AGENT_INSTRUCTIONS = 10_000;
export const MAX_AGENT_DESCRIPTION = 500;

export const DEFAULT_AGENT_INSTRUCTIONS = [
  "You are the onboarding and operations agent for this organisation in We Love HQ.",
  "When a new organisation joins, onboard it: create its first planes (for example Work and Personal),",
  "seed each plane with one or two starter projects, and add a short list of first tasks to each project",
  "with sensible priorities and due dates. Afterwards, keep the work tidy: report overdue tasks,",
  "suggest next actions, and never delete anything without asking.",
].join(" ");

const agentName = z.string().trim().min(1, "Name is required").max(MAX_AGENT_NAME, `Use at most ${MAX_AGENT_NAME} characters`);

/** A path under n8n's /webhook/: letters, digits, - and _ between slashes (as the starter workflow takes), stored with one leading slash. */
export const webhookPath = z
  .string()
  .trim()
  .max(200, "Use at most 200 characters")
  .transform((v) => (v ? `/${v.replace(/^\/+/, "")}` : DEFAULT_WEBHOOK_PATH))
  .refine((v) => /^(\/[A-Za-z0-9_-]+)+\/?$/.test(v), "Use letters, digits, - and _ between slashes");

const instructions = z
  .string()
  .trim()
  .max(MAX_AGENT_INSTRUCTIONS, `Use at most ${MAX_AGENT_INSTRUCTIONS} characters`)
  .transform((v) => v || DEFAULT_AGENT_INSTRUCTIONS);
const description = z
  .string()
  .trim()
  .max(MAX_AGENT_DESCRIPTION, `Use at most ${MAX_AGENT_DESCRIPTION} characters`)
  .nullish()
  .transform((v) => v || null);
/** A project of this organisation, or null for 'No default'; an empty string from a select means null. */
/** On an edit, a description not sent stays as it is; an empty one clears it. */
const editedDescription = z
  .string()
  .trim()
  .max(MAX_AGENT_DESCRIPTION, `Use at most ${MAX_AGENT_DESCRIPTION} characters`)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
const projectDefault = z.preprocess((v) => (v === "" ? null : v), z.uuid("Choose a project from the list").nullable());
const tags = z.array(z.string().trim().min(1).max(40)).max(20);

export const agentStatuses = ["enabled", "disabled"] as const;

/** The last ping to the agent's webhook: whether n8n answered 2xx, when, and what it said. */
export const agentLastTest = z.object({ ok: z.boolean(), at: z.string(), message: z.string() });
export type AgentLastTest = z.infer<typeof agentLastTest>;

export const agent = z.object({
  id: z.uuid(),
  org_id: z.uuid(),
  name: z.string(),
  status: z.enum(agentStatuses),
  version: z.number().int(),
  provider: z.literal("n8n"),
  webhook_path: z.string(),
  instructions: z.string(),
  project_default: z.uuid().nullable(),
  tags: z.array(z.string()),
  description: z.string().nullable(),
  last_test: agentLastTest.nullable(),
  /** The last time a ping was answered 2xx: the starter workflow is imported and active. */
  last_success_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Agent = z.infer<typeof agent>;

export const createAgentInput = z.object({
  name: agentName,
  webhook_path: webhookPath.optional().transform((v) => v ?? DEFAULT_WEBHOOK_PATH),
  instructions: instructions.optional().transform((v) => v ?? DEFAULT_AGENT_INSTRUCTIONS),
  project_default: projectDefault.optional().transform((v) => v ?? null),
  description,
  tags: tags.optional(),
});
export type CreateAgentInput = z.input<typeof createAgentInput>;

/** An edit names the version it was based on; a newer row refuses it (409) rather than undo another edit. */
export const updateAgentInput = z.object({
  version: z.number().int().min(1),
  name: agentName.optional(),
  webhook_path: webhookPath.optional(),
  instructions: instructions.optional(),
  project_default: projectDefault.optional(),
  description: editedDescription,
  tags: tags.optional(),
});
export type UpdateAgentInput = z.input<typeof updateAgentInput>;

export const setAgentStatusInput = z.object({ enabled: z.boolean("Say enabled: true or false") });

export type AgentResponse = { agent: Agent };

export const agentTestResult = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), message: z.string(), agent }),
  z.object({ ok: z.literal(false), error: z.string(), agent }),
]);
export type AgentTestResult = z.infer<typeof agentTestResult>;

/** The Quickstart's five steps, in order, each checked live when the page asks. */
export const setupStepKeys = ["secrets", "functions", "workflow", "agent", "jobs"] as const;
/** done: checked and true; todo: checked, not yet; failed: checked and broken. */
export const setupStepStates = ["done", "todo", "failed"] as const;

export const setupStep = z.object({ key: z.enum(setupStepKeys), state: z.enum(setupStepStates), detail: z.string(), at: z.string().nullable() });
export type SetupStep = z.infer<typeof setupStep>;
export const agentSetup = z.object({ steps: z.array(setupStep), checked_at: z.string() });
export type AgentSetup = z.infer<typeof agentSetup>;

/** The dashboard tiles' figures; `since` is the start of the caller's day (ISO), for jobs_today. */
export const agentSummaryQuery = z.object({ since: z.iso.datetime({ offset: true, message: "since must be an ISO date-time" }).optional() });
export const agentSummary = z.object({
  agent: z.object({ exists: z.boolean(), enabled: z.boolean(), last_test_ok: z.boolean().nullable(), last_test_at: z.string().nullable() }),
  jobs_today: z.number().int(),
  last_run_at: z.string().nullable(),
  workflows: z.number().int(),
});
export type AgentSummary = z.infer<typeof agentSummary>;
