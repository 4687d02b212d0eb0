import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { whenScreenSettled } from "@/web/lib/screen-settled";
import { useTheme } from "@/web/lib/theme";
import { loadSonner, onSonnerWanted, sonnerWanted } from "@/web/lib/toast";

// Once the first screen has settled, or with the first toast: toasts raised before it mounts are
// shown once it does.
const Toaster = lazy(() => loadSonner().then(() => import("sonner")).then((m) => ({ default: m.Toaster })));

/** Toasts in the page's theme. Toasts raised before it mounts are shown once it does. */
export function ThemedToaster() {
  const { resolved } = useTheme();
  const { t } = useTranslation("common");
  const [wanted, setWanted] = useState(sonnerWanted);
  useEffect(() => {
    const want = () => setWanted(true);
    const stopWaiting = whenScreenSettled(want);
    const stopListening = onSonnerWanted(want);
    return () => {
      stopWaiting();
      stopListening();
    };
  }, []);
  if (!wanted) return null;
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
