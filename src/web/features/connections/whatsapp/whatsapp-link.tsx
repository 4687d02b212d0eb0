import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LinkCodeResponse, WhatsappStatus } from "@/shared/messaging";
import { Button } from "@/web/components/ui/button";

/** The message the number reads, the same in every language. */
const linkMessage = (code: string) => ["link", code].join(" ");

type Props = {
  status: WhatsappStatus;
  code: LinkCodeResponse | undefined;
  isAsking: boolean;
  onAskCode: () => void;
  onUnlink: () => void;
  /** Reads the state again; resolves with it, so the card can say when the link has not arrived yet. */
  onCheck: () => Promise<WhatsappStatus | undefined>;
};

/** Each member links their own number: a one-time code, sent from their WhatsApp to the organisation's number. */
export function WhatsappLink({ status, code, isAsking, onAskCode, onUnlink, onCheck }: Props) {
  const { t } = useTranslation("integrationCards");
  const [notYet, setNotYet] = useState(false);
  if (status.me_linked) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm" data-testid="whatsapp-linked">
          {t("whatsapp.youAreLinked")}
        </p>
        <Button variant="ghost" size="sm" onClick={onUnlink}>
          {t("whatsapp.unlink")}
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" className="justify-self-start" disabled={isAsking} onClick={onAskCode}>
        {t("whatsapp.linkMyNumber")}
      </Button>
      {code && (
        <div className="grid gap-1 text-sm" data-testid="whatsapp-code">
          <p>
            {t("whatsapp.sendCode", { number: status.phone_number ?? "" })} <code className="rounded bg-muted px-1 font-mono">{linkMessage(code.code)}</code>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {code.link && (
              <a className="text-sm underline" href={code.link} target="_blank" rel="noreferrer noopener">
                {t("whatsapp.openWhatsapp")}
              </a>
            )}
            <Button variant="ghost" size="sm" onClick={() => void onCheck().then((s) => setNotYet(!s?.me_linked))}>
              {t("whatsapp.checkLink")}
            </Button>
          </div>
          {notYet && (
            <p role="status" className="text-xs text-muted-foreground">
              {t("whatsapp.notLinkedYet")}
            </p>
          )}
        </div>
      )}
    </>
  );
}
