import { useState, type ChangeEvent } from "react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ImportResult } from "@/shared/work";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { FormField } from "@/web/features/auth/form-field";
import { useProjects } from "@/web/features/projects/api/get-projects";
import { ProjectCreateDialog } from "@/web/features/projects/components/project-create-dialog";
import { useImportTasks } from "../api/onboarding";
import type { ImportRow } from "../lib/import-rows";
import type { DetectedCsv, DueIssue } from "../lib/read-import-file";
import { currentLanguage, slashDatesAreMonthFirst } from "@/web/lib/csv-format";
import { ImportPreview } from "./import-preview";
import { ImportReport } from "./import-report";

const maxRows = 1000;

/**
 * Tasks from a CSV file, read in the browser (UTF-8 or Windows-1252, comma, semicolon or tab,
 * ISO, German or French dates); the server checks each row and reports per row.
 */
export function ImportStep() {
  const { t, i18n } = useTranslation("onboarding");
  const projects = useProjects();
  const importTasks = useImportTasks();
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [detected, setDetected] = useState<DetectedCsv | null>(null);
  const [issues, setIssues] = useState<DueIssue[]>([]);
  // One key per file read: pressing Import again after a dropped answer cannot import twice.
  const [importKey, setImportKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [isCreating, setIsCreating] = useState(false);

  const known = new Set(projects.data?.map((p) => p.name.trim().toLowerCase()));
  const unknown = [...new Set(rows.map((r) => r.project.trim()).filter((name) => name && !known.has(name.toLowerCase())))];

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setRows([]);
    setDetected(null);
    setIssues([]);
    setResult(null);
    setError(null);
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      // Papa Parse comes with this step only: the app's first load does not carry it.
      const [{ readImportFile }, bytes] = await Promise.all([import("../lib/read-import-file"), file.arrayBuffer()]);
      // Plain "en" says nothing about the order of 03/04/2026; the browser's en-US does.
      const language = currentLanguage(i18n.language);
      const read = readImportFile(new Uint8Array(bytes), { monthFirstLocale: slashDatesAreMonthFirst(language === "en" ? navigator.language : language) });
      const parsed = read.rows;
      if (parsed.length === 0) return setError(t("import.noRows"));
      if (parsed.length > maxRows) return setError(t("import.tooMany", { count: parsed.length }));
      setRows(parsed);
      setDetected(read.detected);
      setIssues(read.issues);
      setImportKey(crypto.randomUUID());
    } catch {
      setError(t("import.readFailed"));
    }
  };

  const submit = async () => {
    setError(null);
    try {
      setResult(await importTasks.mutateAsync({ rows, import_key: importKey || undefined }));
    } catch (e) {
      setError(t("import.failed", { message: e instanceof Error ? e.message : "" }));
    }
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("import.title")}</h1>
        <p className="text-muted-foreground">{t("import.body")}</p>
      </div>
      {projects.data?.length === 0 && (
        <Alert className="flex flex-wrap items-center justify-between gap-2">
          <span>{t("import.noProjects")}</span>
          <Button size="sm" variant="outline" onClick={() => setIsCreating(true)}>
            <Plus aria-hidden />
            {t("import.newProject")}
          </Button>
        </Alert>
      )}
      <FormField id="import-file" label={t("import.file")}>
        <Input type="file" accept=".csv,text/csv" onChange={(e) => void readFile(e)} className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-2 file:py-1 file:text-sm" />
      </FormField>
      {error && <Alert variant="destructive">{error}</Alert>}
      {rows.length > 0 && <ImportPreview rows={rows} detected={detected} issues={result ? [] : issues} />}
      {rows.length > 0 && unknown.length > 0 && !result && projects.data && projects.data.length > 0 && (
        <Alert className="flex flex-wrap items-center justify-between gap-2">
          <span>{t("import.unknownProjects", { names: unknown.slice(0, 5).join(", ") })}</span>
          <Button size="sm" variant="outline" onClick={() => setIsCreating(true)}>
            <Plus aria-hidden />
            {t("import.newProject")}
          </Button>
        </Alert>
      )}
      {rows.length > 0 && !result && (
        <Button className="justify-self-start" onClick={() => void submit()} disabled={importTasks.isPending}>
          {importTasks.isPending ? t("import.importing") : t("import.submit", { count: rows.length })}
        </Button>
      )}
      {result && <ImportReport result={result} />}
      <ProjectCreateDialog open={isCreating} onOpenChange={setIsCreating} onCreated={() => undefined} />
    </div>
  );
}
