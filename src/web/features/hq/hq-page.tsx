import { Navigate, Link, useLocation } from "react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "./hq-i18n";
import { FullPageSpinner } from "@/web/components/ui/spinner";
import { authClient, isSigningOut } from "@/web/lib/auth-client";
import { rememberReturnTo } from "@/web/lib/return-to";
import { ConnectionIndicator } from "./components/connection-indicator";
import { HqComposer } from "./components/hq-composer";
import { HqMessageList } from "./components/hq-message-list";
import { useSwitchboard } from "./use-switchboard";

/** /hq: the switchboard chat. It needs a signed-in user; without one it goes to /auth and comes back. */
export function HqPage() {
  const { t } = useTranslation("hq");
  const session = authClient.useSession();
  const location = useLocation();
  // Sent here by a sign-in a moment ago, the session may still be the signed-out one it replaces:
  // ask the server once before sending anyone to /auth (which would then go on to /app).
  const [asked, setAsked] = useState(false);
  const { refetch } = session;
  const signedIn = Boolean(session.data);
  useEffect(() => {
    // A session already here needs no second read.
    if (signedIn) return;
    let live = true;
    void refetch().finally(() => live && setAsked(true));
    return () => {
      live = false;
    };
  }, [refetch, signedIn]);
  if (session.isPending || (!session.data && !asked)) return <FullPageSpinner label={t("checkingSession")} />;
  if (!session.data) {
    if (!isSigningOut()) rememberReturnTo(location.pathname + location.search);
    return <Navigate to="/auth" replace />;
  }
  return <Switchboard />;
}

function Switchboard() {
  const { t } = useTranslation("hq");
  const { messages, connection, isBusy, send } = useSwitchboard();
  return (
    <div className="mx-auto flex h-dvh max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
        <ConnectionIndicator connection={connection} />
        <nav aria-label={t("links.nav")} className="flex w-full gap-4 text-sm">
          <Link to="/app" className="underline underline-offset-4 hover:text-primary">
            {t("links.app")}
          </Link>
          <Link to="/admin/action-plan" className="underline underline-offset-4 hover:text-primary">
            {t("links.actionPlan")}
          </Link>
        </nav>
      </header>
      <main id="main" className="flex min-h-0 flex-1 flex-col gap-3">
        <HqMessageList messages={messages} connection={connection} isBusy={isBusy} />
        {connection !== "unconfigured" && <HqComposer isBusy={isBusy} onSend={send} />}
      </main>
    </div>
  );
}
