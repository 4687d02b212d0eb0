import { lazy, Suspense, type ComponentType } from "react";
import { PageLoading } from "./page-loading";

/** Route-level code splitting: each page is its own chunk, with the spec's 'Loading...' fallback. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  };
}
