import { Check, Copy } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { accessTokenExpiryDays, accessTokenScopes, createAccessTokenInput, type AccessTokenExpiryDays, type AccessTokenScope, type CreatedAccessToken } from "@/shared/access-tokens";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { FormField } from "@/web/features/auth/form-field";
import { ApiError } from "@/web/lib/api";
import { errorMessage } from "@/web/lib/error-message";
import { toast } from "@/web/lib/toast";
import { localizeValidationMessage } from "@/web/lib/validation-messages";
import { useCreateAccessToken } from "./use-access-tokens";

type Errors = Partial<Record<"name" | "scope" | "expires_in_days", string>>;

/** Name, scope and expiry; then the secret, once, with a copy button and the warning that it is never shown again. */
export function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("developerTokens");
  const { t: tc } = useTranslation();
  const create = useCreateAccessToken();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<AccessTokenScope>("read");
  const [days, setDays] = useState<AccessTokenExpiryDays>(90);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    // Forget the secret the moment the dialog closes: it is never shown again.
    setCreated(null);
    setName("");
    setScope("read");
    setDays(90);
    setErrors({});
    setFormError(null);
    onOpenChange(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createAccessTokenInput.safeParse({ name, scope, expires_in_days: days });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= localizeValidationMessage(issue.message);
      return setErrors(next);
    }
    try {
      setCreated(await create.mutateAsync(parsed.data));
    } catch (e) {
      if (e instanceof ApiError && e.fields) return setErrors(e.fields);
      setFormError(`${t("dialog.failed")}: ${errorMessage(e, tc, { isWrite: true })}`);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={tc("close")}>
        {created ? <CreatedToken created={created} onDone={() => close(false)} /> : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("dialog.title")}</DialogTitle>
              <DialogDescription>{t("dialog.description")}</DialogDescription>
            </DialogHeader>
            {formError && <Alert variant="destructive">{formError}</Alert>}
            <FormField id="token-name" label={t("dialog.name")} error={errors.name}>
              <Input value={name} maxLength={80} autoComplete="off" placeholder={t("dialog.namePlaceholder")} onChange={(e) => (setName(e.target.value), setErrors((er) => ({ ...er, name: undefined })))} />
            </FormField>
            <div className="grid gap-2">
              <label htmlFor="token-scope" className="text-sm font-medium">
                {t("dialog.scope")}
              </label>
              <NativeSelect id="token-scope" value={scope} aria-describedby="token-scope-help" onChange={(e) => setScope(e.target.value === "write" ? "write" : "read")}>
                {accessTokenScopes.map((s) => (
                  <option key={s} value={s}>
                    {t(`scopeNames.${s}`)}
                  </option>
                ))}
              </NativeSelect>
              <p id="token-scope-help" className="text-sm text-muted-foreground">
                {t("dialog.scopeHelp")}
              </p>
            </div>
            <div className="grid gap-2">
              <label htmlFor="token-expiry" className="text-sm font-medium">
                {t("dialog.expiry")}
              </label>
              <NativeSelect id="token-expiry" value={days} onChange={(e) => setDays(accessTokenExpiryDays.find((d) => d === Number(e.target.value)) ?? 90)}>
                {accessTokenExpiryDays.map((d) => (
                  <option key={d} value={d}>
                    {t("dialog.days", { count: d })}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {tc("cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? t("dialog.creating") : t("create")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreatedToken({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  const { t } = useTranslation("developerTokens");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast.success(t("dialog.copied"));
    } catch {
      toast.error(t("dialog.copyFailed"));
    }
  };
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t("dialog.createdTitle")}</DialogTitle>
        <DialogDescription>{t("dialog.createdWarning")}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <label htmlFor="token-secret" className="text-sm font-medium">
          {t("dialog.secretLabel", { name: created.token.name })}
        </label>
        <div className="flex gap-2">
          <Input id="token-secret" readOnly value={created.secret} className="font-mono text-xs" onFocus={(e) => e.target.select()} data-testid="token-secret" />
          <Button type="button" variant="outline" aria-label={t("dialog.copyLabel")} onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {t("dialog.copy")}
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t("dialog.done")}
        </Button>
      </DialogFooter>
    </div>
  );
}
