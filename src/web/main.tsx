import "@/shared/zod-setup";
import { StrictMode, startTransition, Suspense } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import i18n, { i18nReady } from "./i18n";
import "./styles.css";
import { createRouter, startFirstLoad } from "./app/router";
import { captureStaticForm } from "./features/auth/static-form";
import { isTakingOver } from "./lib/prerendered-takeover";
import { startThemeSync } from "./lib/theme";

startThemeSync();
// Over a prerendered /auth (public/auth-page.js loaded us on the visitor's first interaction), the
// first render reads the static form and must commit in that same task: no keystroke in between.
// Its text must be here first, or that render would suspend (a German page: the auth namespace).
const takingOver = isTakingOver();
const codeReady = startFirstLoad(window.location.pathname).then(() => (takingOver ? i18n.loadNamespaces("auth") : undefined));
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The query cache and the toasts are mounted by the routes that use them (app/app-providers.tsx).
// After the first language's text is here (at once for English; a German or French reader waits
// for one small fetch instead of seeing English first), and the opened page's code: rendered
// before, the page shows 'Loading...', and React holds that fallback for at least 300 ms even when
// the code lands just after. Meanwhile index.html's own content shows.
// The router (it ranks every route, ~20 ms on a phone) is made in a task of its own, not in the
// one that runs this entry or the one that runs the page's code. The transition lets React render
// the first screen in slices that yield to the browser; Preact, which runs in the browser (decision
// 024), has no such slicing and renders it in one task.
void Promise.all([i18nReady, codeReady])
  .then(nextTask)
  .then(() => {
    const router = createRouter();
    const root = createRoot(document.getElementById("root")!);
    const app = (
      <StrictMode>
        {/* The last boundary for anything that suspends outside a page (lazy-page.tsx has the pages'):
            Preact gives a promise no boundary catches to the nearest error boundary instead. */}
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </StrictMode>
    );
    if (takingOver) {
      captureStaticForm();
      flushSync(() => root.render(app));
    }
    else startTransition(() => root.render(app));
  });
