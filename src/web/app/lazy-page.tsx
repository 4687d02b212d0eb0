import { lazy, Suspense, useState, type ComponentType, type JSX, type ReactNode } from "react";
import { loadChunk } from "./chunk-load";
import { PageLoading } from "./page-loading";

/**
 * A component in a chunk of its own, with `fallback` while it loads. React's lazy() remembers a
 * rejected import forever, so a failed one is thrown away: the next render (Try Again, or coming
 * back) calls import() again. A chunk gone after a deploy reloads the page once (chunk-load.ts).
 * The Suspense is this component's own: retrying after the rejection, React renders the element
 * made before it, so the failed import is thrown to the error boundary, not started afresh.
 */
export function lazyComponent<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, fallback: ReactNode = null) {
  // Once the chunk is here (preloaded, or rendered before), a new mount renders it at once: lazy()
  // would suspend for a tick anyway, and React then holds the fallback for 300 ms.
  let ready: ComponentType<P> | null = null;
  const create = () =>
    lazy(async () => {
      try {
        const module = await loadChunk(load);
        ready ??= pick(module);
        return { default: ready };
      } catch (error) {
        Loaded = create();
        throw error;
      }
    });
  let Loaded = create();
  function LazyComponent(props: P & JSX.IntrinsicAttributes) {
    // Chosen once per mount: switching between the two paths later would remount the page.
    const [Ready] = useState(() => ready);
    // The Suspense also covers a page whose text is still on its way (a German namespace, i18n/index.ts),
    // which suspends after the code is here: without a boundary of its own, Preact hands the promise to
    // the nearest error boundary, and the route would say "Something went wrong".
    return <Suspense fallback={fallback}>{Ready ? <Ready {...props} /> : <Loaded {...props} />}</Suspense>;
  }
  /**
   * Starts fetching the chunk before anything renders it (the browser keeps one module per
   * address, so the render's import reuses it); a failure here is left to that import.
   */
  LazyComponent.preload = (): Promise<void> =>
    load().then(
      (module) => {
        ready ??= pick(module);
      },
      () => undefined,
    );
  return LazyComponent;
}

/** Route-level code splitting: each page is its own chunk, with the spec's 'Loading...' fallback. */
export const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => lazyComponent(load, pick, <PageLoading />);

/** The toaster, loaded beside the first page that can raise a toast (app-providers.tsx, error-boundary.tsx). */
export const ThemedToaster = lazyComponent(() => import("./themed-toaster"), (m) => m.ThemedToaster);
