import "@/web/features/planes/planes-i18n";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";

type LoadMoreProps = { hasMore: boolean; isLoading: boolean; isError: boolean; onLoadMore: () => void };

/** The button under a paged list; a failed page keeps it, so the user can try again. */
export function LoadMore({ hasMore, isLoading, isError, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation("planes");
  if (!hasMore) return null;
  return (
    <div className="grid justify-items-center gap-2">
      {isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("list.moreFailed")}
        </p>
      )}
      <Button variant="outline" size="sm" aria-busy={isLoading} disabled={isLoading} onClick={onLoadMore}>
        {isLoading ? t("list.loadingMore") : t("list.loadMore")}
      </Button>
    </div>
  );
}
