import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HQ_TEST_MESSAGE } from "@/shared/hq";
import { readHqStatus } from "./api/read-hq-status";
import { sendHqMessage } from "./api/send-hq-message";
import { newMessage, sendable, type HqChatMessage, type HqConnection } from "./lib/hq-messages";

/**
 * The switchboard chat: probes the connection once on load with 'test_connection', then sends
 * each line. Input that arrives while a request runs is ignored (spec, section 5).
 */
export function useSwitchboard() {
  const { t } = useTranslation("hq");
  const [sessionId] = useState(() => crypto.randomUUID());
  const [messages, setMessages] = useState<HqChatMessage[]>([]);
  const [connection, setConnection] = useState<HqConnection>("testing");
  const [isBusy, setBusy] = useState(true);
  const busy = useRef(true);
  const mounted = useRef(true);

  const ask = useCallback(
    async (message: string): Promise<{ ok: true; reply: string | null } | { ok: false }> => {
      const fail = (error: string) => {
        if (!mounted.current) return;
        setConnection("error");
        setMessages((list) => [...list, newMessage("system", t("failure", { error }), "error")]);
      };
      try {
        const answer = await sendHqMessage({ message, sessionId });
        if (!answer.ok) return (fail(answer.error), { ok: false });
        if (mounted.current) setConnection("connected");
        return { ok: true, reply: answer.reply };
      } catch (error) {
        return (fail(error instanceof Error ? error.message : String(error)), { ok: false });
      }
    },
    [sessionId, t],
  );

  const setBusyBoth = useCallback((value: boolean) => {
    busy.current = value;
    if (mounted.current) setBusy(value);
  }, []);

  // Once per page, even when React mounts the effect twice in development.
  const probed = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (!probed.current) {
      probed.current = true;
      // A server with no switchboard says so without a failed request (and a console error) on every visit.
      void readHqStatus()
        .then((status) => {
          if (status.configured) return ask(HQ_TEST_MESSAGE).finally(() => setBusyBoth(false));
          if (mounted.current) setConnection("unconfigured");
          setBusyBoth(false);
        })
        .catch(() => ask(HQ_TEST_MESSAGE).finally(() => setBusyBoth(false)));
    }
    return () => {
      mounted.current = false;
    };
  }, [ask, setBusyBoth]);

  /** True when the text was taken (the composer clears it); false when it was ignored. */
  const send = useCallback(
    (text: string): boolean => {
      if (busy.current || !sendable(text)) return false;
      const mine = newMessage("user", text.trim(), "success");
      setMessages((list) => [...list, mine]);
      setBusyBoth(true);
      void ask(mine.text)
        .then((answer) => {
          if (!mounted.current) return;
          if (answer.ok) setMessages((list) => [...list, newMessage("system", answer.reply ?? t("messages.noReply"), "success")]);
          else setMessages((list) => list.map((m) => (m.id === mine.id ? { ...m, status: "error" } : m)));
        })
        .finally(() => setBusyBoth(false));
      return true;
    },
    [ask, setBusyBoth, t],
  );

  return { messages, connection, isBusy, send };
}
