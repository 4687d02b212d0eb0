import { createAuthClient } from "better-auth/react";

// The spec's session check every 30 s; the server slides the session and caps it at 30 days.
export const authClient = createAuthClient({ basePath: "/api/auth", sessionOptions: { refetchInterval: 30, refetchOnWindowFocus: true } });
export type AuthSession = typeof authClient.$Infer.Session;

let signingOut = false;
/** Lets the /app guard tell a deliberate sign-out from a session that expired under the user. */
export const markSigningOut = (value: boolean) => {
  signingOut = value;
};
export const isSigningOut = () => signingOut;
