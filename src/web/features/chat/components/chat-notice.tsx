import { PowerOff, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/web/components/ui/card";

/** Why the chat is not shown: owner access required, or AI switched off. */
export function ChatNotice({ kind, title, children }: { kind: "denied" | "disabled"; title: string; children: ReactNode }) {
  const Icon = kind === "denied" ? ShieldAlert : PowerOff;
  return (
    <Card role={kind === "denied" ? "alert" : "status"} className="flex flex-col items-center gap-3 p-10 text-center">
      <Icon aria-hidden className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{children}</p>
    </Card>
  );
}
