import { apiKeyProviders, integrationProviders } from "@/shared/connection-providers";
import type { Connection } from "@/shared/connections";

/** A connection the API Keys page lists: one of its providers, whatever the row holds. */
export const isKeyProvider = (c: Pick<Connection, "provider">): boolean => (apiKeyProviders as readonly string[]).includes(c.provider);

/**
 * Whether the status badge says Connected (connection-status-badge.tsx): connected, and not a key
 * stored untested. A switch-only integration needs a passed test, else it is merely enabled.
 */
export const isVerifiedConnection = (c: { status: string; test_outcome: string | null }, switchOnly = false): boolean =>
  c.status === "connected" && (switchOnly ? c.test_outcome === "valid" : c.test_outcome !== "untested");

/**
 * The integrations (Integrations page cards that are not API keys) whose last test passed. A switch
 * that cannot be verified, or a row whose last test failed or never ran, does not count.
 */
export const verifiedIntegrationCount = (connections: readonly Pick<Connection, "provider" | "status" | "test_outcome">[]): number =>
  connections.filter((c) => (integrationProviders as readonly string[]).includes(c.provider) && !isKeyProvider(c) && isVerifiedConnection(c, true)).length;
