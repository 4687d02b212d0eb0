import { Component, type ErrorInfo, type ReactNode } from "react";
import { AlertTriangle } from "lucide-react";
import { toast } from "sonner";
import i18n from "@/web/i18n";
import { Button } from "@/web/components/ui/button";

export const MAX_RETRIES = 3;

type State = { error: Error | null; retries: number };

/** Catches render errors below it; Try Again re-renders up to three times. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
    toast.error(i18n.t("errorBoundary.toastGeneric"));
  }

  retry = () => {
    if (this.state.retries >= MAX_RETRIES) return;
    toast(i18n.t("errorBoundary.toastRetrying"));
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  copy = async () => {
    const e = this.state.error;
    await navigator.clipboard?.writeText(`${e?.name}: ${e?.message}\n${e?.stack ?? ""}\n${location.href}`).catch(() => undefined);
    toast.success(i18n.t("errorBoundary.toastCopied"));
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback retries={this.state.retries} onRetry={this.retry} onCopy={() => void this.copy()} />;
  }
}

export function ErrorFallback({ retries, onRetry, onCopy }: { retries: number; onRetry?: () => void; onCopy?: () => void }) {
  const t = i18n.t.bind(i18n);
  const exhausted = retries >= MAX_RETRIES || !onRetry;
  return (
    <main id="main" role="alert" className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="max-w-md text-center">
        <AlertTriangle className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-2xl font-semibold">{t("errorBoundary.title")}</h1>
        <p className="mt-2 text-muted-foreground">{exhausted ? t("errorBoundary.maxRetries") : t("errorBoundary.body")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {exhausted ? (
            <Button onClick={() => location.reload()}>{t("errorBoundary.refresh")}</Button>
          ) : (
            <Button onClick={onRetry}>
              {t("errorBoundary.tryAgain")} <span className="sr-only">({t("errorBoundary.attemptsLeft", { count: MAX_RETRIES - retries })})</span>
            </Button>
          )}
          {onCopy && (
            <Button variant="outline" onClick={onCopy}>
              {t("errorBoundary.copyDetails")}
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}
