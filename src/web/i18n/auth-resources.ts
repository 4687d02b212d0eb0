import { addNamespaces } from "./add-namespaces";
import { enAuth } from "./en/auth";

// Loaded with /auth and /app (app/app-providers.tsx).
addNamespaces(enAuth);
