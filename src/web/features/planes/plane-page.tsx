import "@/web/features/planes/planes-i18n";
import { useState } from "react";
import { ArrowLeft, Pencil, Plus } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { useProjectPages } from "@/web/features/projects/api/get-projects";
import { ProjectCreateDialog } from "@/web/features/projects/components/project-create-dialog";
import { ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { useOwningOrg } from "@/web/features/organisations/use-owning-org";
import { usePlane } from "./api/get-plane";
import { PlaneDeleteButton } from "./components/plane-delete-button";
import { PlaneDeleteDialog } from "./components/plane-delete-dialog";
import { LoadMore } from "./components/load-more";
import { PlaneFormDialog } from "./components/plane-form-dialog";
import { PlaneProjectList } from "./components/plane-project-list";
import { PlaneTypeBadge } from "./components/plane-type-badge";

export function PlanePage() {
  const { planeId = "" } = useParams();
  const { t } = useTranslation("planes");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const plane = usePlane(planeId);
  const owning = useOwningOrg("plane", planeId, plane.isError && plane.error instanceof ApiError && plane.error.status === 404);
  const projects = useProjectPages(planeId);
  const loaded = projects.data?.pages.flatMap((page) => page.projects);
  const [dialog, setDialog] = useState<"project" | "rename" | "delete" | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const back = (
    <Link to="/app/planes" className={buttonClass({ variant: "ghost", size: "sm" })}>
      <ArrowLeft aria-hidden />
      {t("page.back")}
    </Link>
  );

  // A link from another of the user's organisations: found there, the page switches and stays.
  if (plane.isPending || owning === "looking") return <Spinner label={tc("loading")} />;
  if (plane.isError) {
    const isMissing = plane.error instanceof ApiError && (plane.error.status === 404 || plane.error.status === 400);
    return (
      <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">{isMissing ? t("page.notFound") : tc("error")}</h1>
        <p className="text-sm text-muted-foreground">{isMissing ? t("page.notFoundBody") : errorMessage(plane.error, tc)}</p>
        {back}
      </Card>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="justify-self-start">{back}</div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold break-words">{plane.data.name}</h1>
          <div>
            <PlaneTypeBadge type={plane.data.type} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog("rename")}>
            <Pencil aria-hidden />
            {t("card.rename")}
          </Button>
          <PlaneDeleteButton onDelete={() => setDialog("delete")} />
          <Button onClick={() => setDialog("project")}>
            <Plus aria-hidden />
            {t("page.newProject")}
          </Button>
        </div>
      </div>
      <section className="grid gap-3" aria-labelledby="plane-projects">
        <h2 id="plane-projects" className="text-lg font-semibold">
          {t("page.projects")}
        </h2>
        {projects.isPending && <Spinner label={tc("loading")} />}
        {projects.isError && !loaded && <p className="text-sm text-destructive">{t("page.loadFailed")}</p>}
        {loaded && <PlaneProjectList projects={loaded} />}
        {loaded && projects.hasNextPage && (
          <p className="text-center text-sm text-muted-foreground">{t("page.shown", { shown: loaded.length, total: Math.max(plane.data.project_count, loaded.length) })}</p>
        )}
        <LoadMore
          hasMore={projects.hasNextPage}
          isLoading={projects.isFetchingNextPage}
          isError={projects.isFetchNextPageError}
          onLoadMore={() => void projects.fetchNextPage()}
        />
      </section>
      <ProjectCreateDialog open={dialog === "project"} onOpenChange={close} planeId={planeId} />
      <PlaneFormDialog open={dialog === "rename"} onOpenChange={close} plane={plane.data} />
      {dialog === "delete" && (
        <PlaneDeleteDialog open plane={plane.data} onOpenChange={close} onDeleted={() => void navigate("/app/planes", { replace: true })} />
      )}
    </div>
  );
}
