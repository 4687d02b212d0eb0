import { Component, type ErrorInfo, type ReactNode } from "react";
import { AlertTriangle } from "lucide-react";
import i18n from "@/web/i18n";
import { Button } from "@/web/components/ui/button";
import { ThemedToaster } from "./lazy-page";

export const MAX_RETRIES = 3;

// The toasts come with the first error: every visitor's first page would pay for them otherwise.
type Toast = typeof import("sonner").toast;
const showToast = (show: (toast: Toast) => void) => void import("sonner").then((m) => show(m.toast));

/** Copies what a bug report needs: the error, its stack and the address it happened at. */
export async function copyErrorDetails(error: unknown): Promise<void> {
  const e = error instanceof Error ? error : new Error(String(error));
  await navigator.clipboard?.writeText(`${e.name}: ${e.message}\n${e.stack ?? ""}\n${location.href}`).catch(() => undefined);
}

type State = { error: Error | null; retries: number };

type Props = {
  children: ReactNode;
  /** When it changes (a navigation: the location's key), a shown error is cleared and the children render again. */
  resetKey?: string;
};

/**
 * The last resort above every route's own error element (route-error.tsx): catches what a layout
 * throws. Try Again re-renders up to three times; a navigation clears the error.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, retries: 0 });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
    showToast((toast) => toast.error(i18n.t("errorBoundary.toastGeneric")));
  }

  retry = () => {
    if (this.state.retries >= MAX_RETRIES) return;
    showToast((toast) => toast(i18n.t("errorBoundary.toastRetrying")));
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  copy = async () => {
    await copyErrorDetails(this.state.error);
    showToast((toast) => toast.success(i18n.t("errorBoundary.toastCopied")));
  };

  override render() {
    if (!this.state.error) return this.props.children;
    // The fallback replaces everything below, the app's toaster with it, so it brings its own.
    return (
      <>
        <ErrorFallback retries={this.state.retries} onRetry={this.retry} onCopy={() => void this.copy()} />
        <ThemedToaster />
      </>
    );
  }
}

type FallbackProps = {
  /** Without a limit (a route's error: every try fetches again), no count is shown. */
  retries?: number;
  limit?: number;
  onRetry?: () => void;
  onCopy?: () => void;
  /** Inside a layout's <main>: a section, so the page keeps one main landmark. */
  inline?: boolean;
};

export function ErrorFallback({ retries = 0, limit = MAX_RETRIES, onRetry, onCopy, inline = false }: FallbackProps) {
  const t = i18n.t.bind(i18n);
  const exhausted = retries >= limit || !onRetry;
  const left = limit - retries;
  const Wrapper = inline ? "section" : "main";
  return (
    <Wrapper id={inline ? undefined : "main"} role="alert" className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="max-w-md text-center">
        <AlertTriangle className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-2xl font-semibold">{t("errorBoundary.title")}</h1>
        <p className="mt-2 text-muted-foreground">{exhausted ? t("errorBoundary.maxRetries") : t("errorBoundary.body")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {exhausted ? (
            <Button onClick={() => location.reload()}>{t("errorBoundary.refresh")}</Button>
          ) : (
            <Button onClick={onRetry}>
              {t("errorBoundary.tryAgain")}
              {Number.isFinite(left) && <span className="sr-only"> ({t("errorBoundary.attemptsLeft", { count: left })})</span>}
            </Button>
          )}
          {onCopy && (
            <Button variant="outline" onClick={onCopy}>
              {t("errorBoundary.copyDetails")}
            </Button>
          )}
        </div>
      </div>
    </Wrapper>
  );
}
