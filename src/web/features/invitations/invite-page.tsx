import "./invite-i18n";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { InvitationPreview } from "@/shared/invitations";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { useFirstSession } from "@/web/lib/use-first-session";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { queryClient } from "@/web/lib/query-client";
import { rememberReturnTo } from "@/web/lib/return-to";
import { keepCurrentOrg } from "@/web/lib/current-org";
import { acceptInvitation, fetchInvitationPreview } from "./invitation-api";
import { forgetInviteToken, takeInviteToken } from "./pending-invite";
import { clearLocalProgress } from "@/web/features/action-plan/clear-local-progress";

type Load = { kind: "loading" } | { kind: "ready"; invitation: InvitationPreview } | { kind: "notFound" } | { kind: "failed"; error: unknown };

/** /invite#token=…: who invites whom to what; the invited address accepts, anyone else is told why not. */
export function InvitePage() {
  const { t } = useTranslation("invite");
  const navigate = useNavigate();
  const location = useLocation();
  const [token, setToken] = useState(() => takeInviteToken(location.hash));
  const [load, setLoad] = useState<Load>({ kind: "loading" });

  // The page follows the address: a second link pasted into this tab changes only the fragment,
  // and its token replaces the first (kept too, for a reload or a sign-in). Once read, the token
  // leaves the address bar and the history entry (as on the reset page).
  useEffect(() => {
    if (!location.hash) return;
    const fromLink = takeInviteToken(location.hash);
    if (fromLink) setToken(fromLink);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location, navigate]);

  const fetchPreview = useCallback(() => {
    if (!token) return;
    setLoad({ kind: "loading" });
    fetchInvitationPreview(token).then(
      (invitation) => {
        if (invitation.state !== "pending") forgetInviteToken();
        setLoad({ kind: "ready", invitation });
      },
      (error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          forgetInviteToken();
          return setLoad({ kind: "notFound" });
        }
        setLoad({ kind: "failed", error });
      },
    );
  }, [token]);
  useEffect(fetchPreview, [fetchPreview]);

  const invitation = load.kind === "ready" ? load.invitation : null;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>{invitation ? t("title", { org: invitation.org_name }) : t("titleUnknown")}</h1>
          </CardTitle>
          {invitation && <CardDescription>{summaryOf(invitation, t)}</CardDescription>}
        </CardHeader>
        {!token ? (
          <Problem text={t("missing")} />
        ) : load.kind === "loading" ? (
          <CardContent>
            <Spinner label={t("loading")} />
          </CardContent>
        ) : load.kind === "notFound" ? (
          <Problem text={t("notFound")} />
        ) : load.kind === "failed" ? (
          <FailedToLoad error={load.error} onRetry={fetchPreview} />
        ) : (
          <InvitationBody invitation={load.invitation} token={token} />
        )}
      </Card>
    </main>
  );
}

const summaryOf = (inv: InvitationPreview, t: ReturnType<typeof useTranslation<"invite">>["t"]) => {
  const role = t(`roles.${inv.role === "owner" ? "owner" : "member"}`);
  return inv.inviter_name ? t("summary", { inviter: inv.inviter_name, org: inv.org_name, role }) : t("summaryNoInviter", { org: inv.org_name, role });
};

function Problem({ text }: { text: string }) {
  const { t } = useTranslation("invite");
  return (
    <CardContent className="grid gap-4">
      <Alert variant="destructive">{text}</Alert>
      <Button asChild variant="outline">
        <Link to="/">{t("home")}</Link>
      </Button>
    </CardContent>
  );
}

function FailedToLoad({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("invite");
  const { t: tc } = useTranslation();
  return (
    <CardContent className="grid gap-4">
      <Alert variant="destructive">
        {t("loadFailed")} {errorMessage(error, tc)}
      </Alert>
      <Button variant="outline" onClick={onRetry}>
        {t("retry")}
      </Button>
    </CardContent>
  );
}

function InvitationBody({ invitation, token }: { invitation: InvitationPreview; token: string }) {
  const { t } = useTranslation("invite");
  const session = useFirstSession();
  const inviter = invitation.inviter_name ?? t("someone");
  if (invitation.state !== "pending") {
    return (
      <CardContent className="grid gap-4">
        <Alert variant="destructive">{t(`states.${invitation.state}`, { inviter })}</Alert>
        <Button asChild variant="outline">
          <Link to="/app/dashboard">{t("toApp")}</Link>
        </Button>
      </CardContent>
    );
  }
  if (session.isPending) {
    return (
      <CardContent>
        <Spinner label={t("loading")} />
      </CardContent>
    );
  }
  const me = session.data?.user;
  if (!me) return <SignedOut invitation={invitation} />;
  if (me.email.toLowerCase() !== invitation.email) return <WrongAccount invitation={invitation} me={me.email} />;
  return <AcceptForm invitation={invitation} token={token} />;
}

function SignedOut({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useTranslation("invite");
  const back = new URLSearchParams({ returnTo: "/invite" });
  // Kept for this tab too, for a sign-in that loses the address's returnTo (switching to sign-up and back).
  useEffect(() => rememberReturnTo("/invite"), []);
  return (
    <>
      <CardContent className="grid gap-2 text-sm">
        <p>{t("signedOut", { email: invitation.email })}</p>
        <p className="text-muted-foreground">{t("expiresOn", { date: formatDate(invitation.expires_at) })}</p>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/auth?mode=sign-up&${back}`}>{t("createAccount")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/auth?${back}`}>{t("signIn")}</Link>
        </Button>
      </CardFooter>
    </>
  );
}

function WrongAccount({ invitation, me }: { invitation: InvitationPreview; me: string }) {
  const { t } = useTranslation("invite");
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      const { error } = await authClient.signOut();
      if (error) toast.error(t("signOutFailed"));
      else clearLocalProgress(); // the signed-out browser keeps none of the organisation's ticks
    } catch {
      toast.error(t("signOutFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <CardContent className="grid gap-3 text-sm">
        <Alert variant="destructive">{t("wrongAccount", { email: invitation.email, me })}</Alert>
        <p>{t("wrongAccountHint", { email: invitation.email })}</p>
      </CardContent>
      <CardFooter>
        <Button variant="outline" onClick={() => void signOut()} disabled={busy}>
          {t("signOut")}
        </Button>
      </CardFooter>
    </>
  );
}

function AcceptForm({ invitation, token }: { invitation: InvitationPreview; token: string }) {
  const { t } = useTranslation("invite");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const { org_id } = await acceptInvitation(token);
      forgetInviteToken();
      // The shell opens in the organisation just joined, with a fresh list of organisations.
      keepCurrentOrg(org_id);
      await queryClient.invalidateQueries({ queryKey: ["memberships"] });
      toast.success(t("accepted", { org: invitation.org_name }));
      void navigate("/app/dashboard", { replace: true });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 409 || e.status === 410)) forgetInviteToken();
      setError(errorMessage(e, tc, { isWrite: true }));
      toast.error(t("acceptFailed"));
      setBusy(false);
    }
  };
  return (
    <>
      <CardContent className="grid gap-3 text-sm">
        {error && <Alert variant="destructive">{error}</Alert>}
        <p>{t("forEmail", { email: invitation.email })}</p>
        <p className="text-muted-foreground">{t("expiresOn", { date: formatDate(invitation.expires_at) })}</p>
      </CardContent>
      <CardFooter>
        <Button className="w-full" onClick={() => void accept()} disabled={busy}>
          {busy ? t("accepting") : t("accept")}
        </Button>
      </CardFooter>
    </>
  );
}
