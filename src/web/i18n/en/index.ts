import type { enApp } from "./app";
import type { enAuth } from "./auth";
import type { enPublic } from "./public";

/** Every English namespace: the public ones bundled with the entry, the rest loaded with /auth and /app. */
export type EnResources = typeof enPublic & typeof enAuth & typeof enApp;
