import "@/shared/zod-setup";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { i18nReady } from "./i18n";
import "./styles.css";
import { createRouter } from "./app/router";
import { startThemeSync } from "./lib/theme";

startThemeSync();
const router = createRouter();

// The query cache and the toasts are mounted by the routes that use them (app/app-providers.tsx).
// After the first language's text is here (at once for English; a German or French reader waits
// for one small fetch instead of seeing English first).
void i18nReady.then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
