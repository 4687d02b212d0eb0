import { createAuthClient } from "better-auth/react";

// The spec's session check every 30 s; the server slides the session and caps it at 30 days.
export const authClient = createAuthClient({ basePath: "/api/auth", sessionOptions: { refetchInterval: 30, refetchOnWindowFocus: true } });

export { isSigningOut, markSigningOut } from "./signing-out";
