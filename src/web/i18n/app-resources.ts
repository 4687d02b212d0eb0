import { addNamespaces } from "./add-namespaces";
import { enApp } from "./en/app";

// Loaded beside the /app shell (app/router.tsx): visitors of the public pages and /auth never download it.
addNamespaces(enApp);
