import type { Auth } from "./auth/auth";
import type { SessionCache } from "./auth/session-cache";
import type { Database } from "./db/client";
import type { Env } from "./env";
import type { ChangeHub } from "./lib/events";
import type { Logger } from "./lib/logger";
import type { RequestMetrics } from "./lib/metrics/request-metrics";
import type { InFlight } from "./lib/in-flight";
import type { Queue } from "./lib/queue";
import type { SecretBox } from "./lib/secret-box";
import type { Mailer } from "./mail/mailer";

/** twoFactorEnabled: as the session says; undefined where no session says (an access token), so it is read when it matters. */
export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean; twoFactorEnabled?: boolean };

/** The time plan rules (a trial's end) are judged by; tests move it. */
export type Clock = { now: () => Date };

/** Everything a request handler may reach; built once per process in createApp. */
export type Services = { env: Env; database: Database; auth: Auth; mailer: Mailer; logger: Logger; changes: ChangeHub; sessionCache: SessionCache; secrets: SecretBox; clock: Clock; queue: Queue; metrics: RequestMetrics; inFlight: InFlight };

export type AppEnv = {
  Variables: {
    services: Services;
    requestId: string;
    clientIp: string;
    user: SessionUser | null;
    /** Whether the caller is a platform operator, once asked (lib/operators.ts). */
    operator?: boolean;
  };
};
