import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useTheme } from "@/web/lib/theme";
import { loadSonner } from "@/web/lib/toast";

// After the first render: toasts raised before it mounts are shown once it does.
const Toaster = lazy(() => loadSonner().then(() => import("sonner")).then((m) => ({ default: m.Toaster })));

/** Toasts in the page's theme. Toasts raised before it mounts are shown once it does. */
export function ThemedToaster() {
  const { resolved } = useTheme();
  const { t } = useTranslation("common");
  // The spec's toast numbers: shown for 5 s, swipe 50 px to dismiss (sonner's defaults).
  // Neutral toasts: sonner's rich colours miss WCAG AA contrast on the light theme.
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={resolved}
        closeButton
        duration={5000}
        swipeDirections={["right", "left"]}
        toastOptions={{ classNames: { error: "!border-destructive/60 !text-destructive" }, closeButtonAriaLabel: t("closeToast") }}
        containerAriaLabel={t("notifications")}
      />
    </Suspense>
  );
}
