import { useState } from "react";
import { useTranslation } from "react-i18next";
import "../integration-cards-i18n";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { errorMessage } from "@/web/lib/error-message";
import { useProviderName } from "../lib/provider-name";
import { useTelegram } from "./use-telegram";

/** The shape of a BotFather token, not words to translate. */
const TOKEN_SHAPE = "123456789:AA…";
/** The command the bot reads, the same in every language. */
const startCommand = (code: string) => ["/start", code].join(" ");

/**
 * Telegram, for real: the owner pastes a BotFather token (tested with getMe, webhook registered),
 * every member links their own chat with a one-time code. "Connected" only after a passing test;
 * the last update and the last error are the server's.
 */
export function TelegramCard({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation("connections");
  const { t: tCards } = useTranslation("integrationCards");
  const { t: tc } = useTranslation();
  const name = useProviderName()("telegram");
  const tg = useTelegram();
  const [token, setToken] = useState("");
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const s = tg.status.data;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : tCards("telegram.never"));
  const failed = (e: unknown) => setOutcome({ ok: false, message: errorMessage(e, tc, { fallback: t("toasts.unknownError"), isWrite: true }) });
  const code = tg.linkCode.data;

  return (
    <Card id="telegram" data-provider="telegram" className="flex h-full scroll-mt-20 flex-col gap-3 p-5" role="group" aria-labelledby="telegram-title">
      <div className="grid gap-1">
        <h2 id="telegram-title" className="text-lg font-semibold">
          {name}
        </h2>
        <p className="text-sm text-muted-foreground">{tCards("telegram.description")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">{t("integrations.categories.Communication")}</Badge>
        {s && (
          <Badge variant={s.connected ? "default" : "outline"} data-testid="telegram-state">
            {s.connected ? tCards("telegram.connectedAs", { bot: s.bot_username ?? "" }) : s.masked_token ? tCards("telegram.notVerified") : tCards("telegram.notConnected")}
          </Badge>
        )}
      </div>
      {s && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{tCards("telegram.lastUpdate")}</dt>
          <dd data-testid="telegram-last-update">{when(s.last_event_at)}</dd>
          <dt className="text-muted-foreground">{tCards("telegram.lastError")}</dt>
          <dd data-testid="telegram-last-error">{s.last_error ? `${s.last_error} (${when(s.last_error_at)})` : tCards("telegram.none")}</dd>
          <dt className="text-muted-foreground">{tCards("telegram.linkedMembers")}</dt>
          <dd>{s.linked_members}</dd>
        </dl>
      )}
      {outcome && (
        <p role="status" className={outcome.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-destructive"} data-testid="telegram-outcome">
          {outcome.message}
        </p>
      )}
      {canManage && s && !s.connected && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            tg.connect.mutate(token.trim(), { onSuccess: (r) => (setOutcome({ ok: r.ok, message: r.ok ? tCards("telegram.connectedAs", { bot: r.status.bot_username ?? "" }) : r.message }), r.ok && setToken("")), onError: failed });
          }}
        >
          <Label htmlFor="telegram-token">{tCards("telegram.tokenLabel")}</Label>
          <Input id="telegram-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} placeholder={TOKEN_SHAPE} />
          <p className="text-xs text-muted-foreground">{tCards("telegram.tokenHelp")}</p>
          <Button type="submit" size="sm" className="justify-self-start" disabled={!token.trim() || tg.connect.isPending}>
            {tg.connect.isPending ? t("integrations.testing") : tCards("telegram.connect")}
          </Button>
        </form>
      )}
      {canManage && s?.connected && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={tg.test.isPending} onClick={() => tg.test.mutate(undefined, { onSuccess: (r) => setOutcome({ ok: r.ok, message: r.ok ? tCards("telegram.testPassed", { bot: r.status.bot_username ?? "" }) : r.message }), onError: failed })}>
            {tg.test.isPending ? t("integrations.testing") : t("integrations.test")}
          </Button>
          <Button variant="outline" size="sm" disabled={tg.disconnect.isPending} onClick={() => tg.disconnect.mutate(undefined, { onSuccess: () => setOutcome(null), onError: failed })}>
            {tCards("telegram.disconnect")}
          </Button>
        </div>
      )}
      {s?.connected && (
        <div className="mt-auto grid gap-2 border-t pt-3">
          {s.me_linked ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm" data-testid="telegram-linked">{tCards("telegram.youAreLinked")}</p>
              <Button variant="ghost" size="sm" onClick={() => tg.unlink.mutate(undefined, { onError: failed })}>
                {tCards("telegram.unlink")}
              </Button>
            </div>
          ) : (
            <>
              <Button variant="outline" size="sm" className="justify-self-start" disabled={tg.linkCode.isPending} onClick={() => tg.linkCode.mutate(undefined, { onError: failed })}>
                {tCards("telegram.linkMyChat")}
              </Button>
              {code && (
                <p className="text-sm" data-testid="telegram-code">
                  {tCards("telegram.sendCode", { bot: s.bot_username ?? "" })} <code className="rounded bg-muted px-1 font-mono">{startCommand(code.code)}</code>
                  {code.link && (
                    <>
                      {" "}
                      <a className="underline" href={code.link} target="_blank" rel="noreferrer noopener">
                        {tCards("telegram.openTelegram")}
                      </a>
                    </>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => void tg.refresh()}>
                    {tCards("telegram.checkLink")}
                  </Button>
                </p>
              )}
            </>
          )}
        </div>
      )}
    </Card>
  );
}
