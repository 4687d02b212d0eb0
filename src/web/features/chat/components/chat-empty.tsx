import { MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";

const examples = ["create", "overdue", "summary"] as const;

/** The empty chat: what to ask, with three commands that fill the message box. */
export function ChatEmpty({ onExample }: { onExample: (text: string) => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="m-auto flex max-w-md flex-col items-center gap-3 p-6 text-center">
      <MessageSquare aria-hidden className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("empty.body")}</p>
      <ul className="flex flex-wrap justify-center gap-2">
        {examples.map((key) => {
          const text = t(`empty.examples.${key}`);
          return (
            <li key={key}>
              <Button variant="outline" size="sm" aria-label={t("empty.use", { text })} onClick={() => onExample(text)}>
                {text}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
