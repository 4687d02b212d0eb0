import "@/web/features/planes/planes-i18n";
import { useState } from "react";
import { Layers, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Plane } from "@/shared/work";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { usePlanePages } from "./api/get-planes";
import { LoadMore } from "./components/load-more";
import { PlaneCard } from "./components/plane-card";
import { PlaneDeleteDialog } from "./components/plane-delete-dialog";
import { PlaneFormDialog } from "./components/plane-form-dialog";

type Dialog = { kind: "create" } | { kind: "rename"; plane: Plane } | { kind: "delete"; plane: Plane } | null;

export function PlanesPage() {
  const { t } = useTranslation("planes");
  const { t: tc } = useTranslation();
  const planes = usePlanePages();
  const loaded = planes.data?.pages.flatMap((page) => page.planes);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => !open && setDialog(null);

  useLoadErrorToast(planes.isError && !planes.data && planes.error, t("loadFailed"));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </div>
        <Button onClick={() => setDialog({ kind: "create" })}>
          <Plus aria-hidden />
          {t("newPlane")}
        </Button>
      </div>
      {planes.isPending && <Spinner label={tc("loading")} />}
      {planes.isError && !planes.data && (
        <Button variant="outline" className="justify-self-start" onClick={() => void planes.refetch()}>
          {tc("retry")}
        </Button>
      )}
      {loaded?.length === 0 && (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <Layers aria-hidden className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{t("empty")}</h2>
          <p className="text-sm text-muted-foreground">{t("emptyBody")}</p>
          <Button onClick={() => setDialog({ kind: "create" })}>{t("createFirst")}</Button>
        </Card>
      )}
      {loaded && loaded.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {loaded.map((plane) => (
            <li key={plane.id} className="grid">
              <PlaneCard plane={plane} onRename={() => setDialog({ kind: "rename", plane })} onDelete={() => setDialog({ kind: "delete", plane })} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={planes.hasNextPage}
        isLoading={planes.isFetchingNextPage}
        isError={planes.isFetchNextPageError}
        onLoadMore={() => void planes.fetchNextPage()}
      />
      <PlaneFormDialog open={dialog?.kind === "create" || dialog?.kind === "rename"} onOpenChange={close} plane={dialog?.kind === "rename" ? dialog.plane : undefined} />
      {dialog?.kind === "delete" && <PlaneDeleteDialog open plane={dialog.plane} onOpenChange={close} />}
    </div>
  );
}
