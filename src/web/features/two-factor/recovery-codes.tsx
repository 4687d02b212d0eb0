import { Copy, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { appName } from "@/web/lib/app-name";

/** The recovery codes, shown once: copy or download them. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation("settings");
  const text = [t("twoFactor.fileHeader", { app: appName(), email }), "", ...codes].join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("twoFactor.copied"));
    } catch {
      toast.error(t("twoFactor.copyFailed"));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-3">
      <Alert role="status">{t("twoFactor.codesWarning")}</Alert>
      <ul aria-label={t("twoFactor.codesListLabel")} className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t("twoFactor.copy")}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden />
          {t("twoFactor.download")}
        </Button>
      </div>
    </div>
  );
}
