import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import "./i18n";
import "./styles.css";
import { createRouter } from "./app/router";
import { queryClient } from "./lib/query-client";
import { startThemeSync, useTheme } from "./lib/theme";

startThemeSync();
const router = createRouter();

function ThemedToaster() {
  const { resolved } = useTheme();
  // The spec's toast numbers: shown for 5 s, swipe 50 px to dismiss (sonner's defaults).
  // Neutral toasts: sonner's rich colours miss WCAG AA contrast on the light theme.
  return (
    <Toaster
      theme={resolved}
      closeButton
      duration={5000}
      swipeDirections={["right", "left"]}
      toastOptions={{ classNames: { error: "!border-destructive/60 !text-destructive" } }}
    />
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ThemedToaster />
    </QueryClientProvider>
  </StrictMode>,
);
