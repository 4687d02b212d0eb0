import "./calendar-feed-i18n";
import { Check, Copy } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarFeedProject } from "@/shared/calendar-feed";
import { LoadFailed } from "@/web/components/load-failed";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { toast } from "@/web/lib/toast";
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed, useSetCalendarFeedProjects } from "./use-calendar-feed";

/**
 * The Calendar card's own part: the user's private subscription feed. Every user has one of their
 * own (no owner switch): create it, copy the URL (shown once, only its hash is kept), choose extra
 * projects, give it a new URL or turn it off. The state shown is the server's: active or not, and
 * when a calendar app last read it.
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation("calendarFeed");
  const { t: tc } = useTranslation();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"regenerate" | "revoke" | null>(null);

  const onCreate = (again: boolean) =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        toast.success(t(again ? "regenerated" : "created"));
      },
      onError: (e) => toast.error(t("createFailed"), { description: errorMessage(e, tc, { isWrite: true }) }),
    });
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast.success(t("revoked"));
      },
      onError: (e) => toast.error(t("revokeFailed"), { description: errorMessage(e, tc, { isWrite: true }) }),
    });

  if (feed.isPending) return <Spinner label={t("loading")} />;
  if (feed.isError) return <LoadFailed message={t("loadFailed")} onRetry={() => void feed.refetch()} />;
  const status = feed.data;

  return (
    <section className="grid gap-3 border-t pt-3" aria-labelledby="calendar-feed-title" data-testid="calendar-feed">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="calendar-feed-title" className="font-medium">
          {t("title")}
        </h3>
        <Badge variant={status.active ? "default" : "outline"} data-testid="calendar-feed-state">
          {status.active ? t("stateActive") : t("stateOff")}
        </Badge>
      </div>
      {!status.active && (
        <>
          <p className="text-sm text-muted-foreground">{t("intro")}</p>
          <Button size="sm" className="justify-self-start" disabled={create.isPending} onClick={() => onCreate(false)}>
            {create.isPending ? t("creating") : t("create")}
          </Button>
        </>
      )}
      {status.active && (
        <>
          {url ? (
            <FeedUrl url={url} />
          ) : (
            <p className="text-sm text-muted-foreground">
              {t("hint", { hint: status.hint ?? "" })} {t("urlShownOnce")}
            </p>
          )}
          <p className="text-sm text-muted-foreground" data-testid="calendar-feed-fetched">
            {status.last_fetched_at ? t("lastFetched", { date: formatDateTime(status.last_fetched_at) }) : t("neverFetched")}
          </p>
          <FeedProjects projects={status.projects} chosen={status.project_ids} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={create.isPending} onClick={() => setConfirming("regenerate")}>
              {t("regenerate")}
            </Button>
            <Button variant="outline" size="sm" disabled={revoke.isPending} onClick={() => setConfirming("revoke")}>
              {t("revoke")}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === "revoke" ? t("revokeTitle") : t("regenerateTitle")}
        description={confirming === "revoke" ? t("revokeBody") : t("regenerateBody")}
        confirmLabel={confirming === "revoke" ? t("revoke") : t("regenerate")}
        cancelLabel={tc("cancel")}
        onConfirm={() => {
          if (confirming === "revoke") onRevoke();
          else if (confirming === "regenerate") onCreate(true);
          setConfirming(null);
        }}
      />
    </section>
  );
}

function FeedUrl({ url }: { url: string }) {
  const { t } = useTranslation("calendarFeed");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  };
  return (
    <div className="grid gap-2">
      <label htmlFor="calendar-feed-url" className="text-sm font-medium">
        {t("urlLabel")}
      </label>
      <div className="flex gap-2">
        <Input id="calendar-feed-url" readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.target.select()} data-testid="calendar-feed-url" />
        <Button type="button" variant="outline" size="sm" aria-label={t("copyLabel")} onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {t("copy")}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t("howTo")}</p>
    </div>
  );
}

/** Projects beside the user's own tasks; each box saves at once (the server checks each is the user's to see). */
function FeedProjects({ projects, chosen }: { projects: CalendarFeedProject[]; chosen: string[] }) {
  const { t } = useTranslation("calendarFeed");
  const { t: tc } = useTranslation();
  const save = useSetCalendarFeedProjects();
  const baseId = useId();
  if (projects.length === 0) return null;
  const toggle = (id: string, on: boolean) =>
    save.mutate(
      { project_ids: on ? [...chosen, id] : chosen.filter((x) => x !== id) },
      { onError: (e) => toast.error(t("projectsFailed"), { description: errorMessage(e, tc, { isWrite: true }) }) },
    );
  const manyOrgs = new Set(projects.map((p) => p.org_id)).size > 1;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">{t("projects", { count: chosen.length })}</summary>
      <p className="mt-2 text-muted-foreground">{t("projectsHelp")}</p>
      <ul className="mt-2 grid max-h-48 gap-1 overflow-y-auto">
        {projects.map((p) => {
          const id = `${baseId}-${p.id}`;
          return (
            <li key={p.id} className="flex items-center gap-2">
              <input id={id} type="checkbox" className="size-4" checked={chosen.includes(p.id)} disabled={save.isPending} onChange={(e) => toggle(p.id, e.target.checked)} />
              <label htmlFor={id}>{manyOrgs ? `${p.org_name} · ${p.name}` : p.name}</label>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
