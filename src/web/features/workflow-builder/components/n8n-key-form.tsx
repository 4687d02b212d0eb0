import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { useConnections } from "@/web/features/connections/api/get-connections";
import { useCreateConnection, useUpdateConnection } from "@/web/features/connections/api/mutate-connections";
import { SecretInput } from "@/web/features/connections/components/secret-input";
import { errorMessage } from "@/web/lib/error-message";

/**
 * Stores the organisation's n8n API key on its n8n connection (created, or updated when the
 * Integrations card made one), where the server reads it to deploy. The server tests it on save.
 */
export function N8nKeyForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation("workflowBuilder");
  const { t: tc } = useTranslation();
  const connections = useConnections();
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const busy = create.isPending || update.isPending;

  const save = async () => {
    if (key.trim() === "") {
      setError(t("deploy.keyRequired"));
      return;
    }
    const existing = connections.data?.find((c) => c.provider === "n8n");
    try {
      const { connection } = existing ? await update.mutateAsync({ connectionId: existing.id, api_key: key.trim() }) : await create.mutateAsync({ provider: "n8n", api_key: key.trim() });
      setKey("");
      setError(null);
      if (connection.status === "error") setError(connection.test_message ?? t("deploy.keyFailed"));
      else toast.success(t("deploy.keySaved"));
      onSaved();
    } catch (e) {
      setError(errorMessage(e, tc, { fallback: t("deploy.keyFailed"), isWrite: true }));
    }
  };

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Label htmlFor={id}>{t("deploy.keyTitle")}</Label>
      <SecretInput id={id} value={key} onChange={(e) => setKey(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : `${id}-hint`} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t("deploy.keyHint")}
        </p>
      )}
      <Button type="submit" variant="outline" size="sm" className="justify-self-start" disabled={busy || connections.isPending}>
        {busy ? t("deploy.keySaving") : t("deploy.keySave")}
      </Button>
    </form>
  );
}
