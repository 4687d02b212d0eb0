import { createAuthClient } from "better-auth/react";
import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import { readerLanguageHeader } from "./reader-language";

// The spec's session check every 30 s; the server slides the session and caps it at 30 days.
export const authClient = createAuthClient({
  basePath: "/api/auth",
  sessionOptions: { refetchInterval: 30, refetchOnWindowFocus: true },
  // Our own refusals on /api/auth (auth-input-guard) in the app's language, as lib/api.ts asks.
  fetchOptions: {
    onRequest: (context) => {
      for (const [name, value] of Object.entries(readerLanguageHeader())) context.headers.set(name, value);
    },
  },
  // The user's language and theme (server: auth/user-preferences.ts), typed on session.user and updateUser.
  plugins: [inferAdditionalFields({ user: { locale: { type: "string", required: false }, theme: { type: "string", required: false } } }), twoFactorClient()],
});

export { isSigningOut, markSigningOut } from "./signing-out";
