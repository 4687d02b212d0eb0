import { useState, type ChangeEvent } from "react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MAX_IMPORT_FILE_BYTES } from "@/shared/task-imports";
import { MAX_IMPORT_ROWS, type ImportResult } from "@/shared/work";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { FileInput } from "@/web/components/ui/file-input";
import { FormField } from "@/web/features/auth/form-field";
import { useProjects } from "@/web/features/projects/api/get-projects";
import { ProjectCreateDialog } from "@/web/features/projects/components/project-create-dialog";
import { formatNumber } from "@/web/lib/format";
import { isBackgroundImport, useImportTasks } from "../api/onboarding";
import type { ImportRow } from "../lib/import-rows";
import type { BrokenLine, DetectedCsv, DueIssue } from "../lib/read-import-file";
import { currentLanguage, slashDatesAreMonthFirst } from "@/web/lib/csv-format";
import { BrokenFile } from "./broken-file";
import { ImportPreview } from "./import-preview";
import { ImportProgress } from "./import-progress";
import { ImportReport } from "./import-report";

/**
 * Tasks from a CSV file, read in the browser (UTF-8 or Windows-1252, comma, semicolon or tab,
 * ISO, German or French dates); the server checks each row and reports per row. A file of more
 * than 1,000 rows is imported in the background, with its progress shown here. A file whose
 * quotes do not close is not imported at all: the lines are named instead.
 */
export function ImportStep({ showTitle = true }: { showTitle?: boolean }) {
  const { t, i18n } = useTranslation("onboarding");
  const projects = useProjects();
  const importTasks = useImportTasks();
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [detected, setDetected] = useState<DetectedCsv | null>(null);
  const [issues, setIssues] = useState<DueIssue[]>([]);
  const [broken, setBroken] = useState<BrokenLine[]>([]);
  // One key per file read: pressing Import again after a dropped answer cannot import twice.
  const [importKey, setImportKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [backgroundId, setBackgroundId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const isSent = result !== null || backgroundId !== null;

  const known = new Set(projects.data?.map((p) => p.name.trim().toLowerCase()));
  const unknown = [...new Set(rows.map((r) => r.project.trim()).filter((name) => name && !known.has(name.toLowerCase())))];

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setRows([]);
    setDetected(null);
    setIssues([]);
    setBroken([]);
    setResult(null);
    setBackgroundId(null);
    setError(null);
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMPORT_FILE_BYTES) return setError(t("import.tooLarge", { size: formatNumber(file.size / 1024 / 1024, { maximumFractionDigits: 1 }), max: formatNumber(MAX_IMPORT_FILE_BYTES / 1024 / 1024) }));
    try {
      // Papa Parse comes with this step only: the app's first load does not carry it.
      const [{ readImportFile, notTextKind }, bytes] = await Promise.all([import("../lib/read-import-file"), file.arrayBuffer()]);
      const notText = notTextKind(new Uint8Array(bytes));
      if (notText) return setError(t(`import.notText.${notText}`));
      // Plain "en" says nothing about the order of 03/04/2026; the browser's en-US does.
      const language = currentLanguage(i18n.language);
      const read = readImportFile(new Uint8Array(bytes), { monthFirstLocale: slashDatesAreMonthFirst(language === "en" ? navigator.language : language) });
      if (read.broken.length > 0) return setBroken(read.broken);
      const parsed = read.rows;
      if (parsed.length === 0) return setError(t("import.noRows"));
      if (parsed.length > MAX_IMPORT_ROWS) return setError(t("import.tooMany", { count: parsed.length, max: MAX_IMPORT_ROWS }));
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
      const answer = await importTasks.mutateAsync({ rows, import_key: importKey || undefined });
      if (isBackgroundImport(answer)) setBackgroundId(answer.import.id);
      else setResult(answer);
    } catch (e) {
      setError(t("import.failed", { message: e instanceof Error ? e.message : "" }));
    }
  };

  return (
    <div className="grid gap-5">
      {showTitle && (
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t("import.title")}</h1>
          <p className="text-muted-foreground">{t("import.body")}</p>
        </div>
      )}
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
        <FileInput accept=".csv,text/csv" onChange={(e) => void readFile(e)} />
      </FormField>
      {error && <Alert variant="destructive">{error}</Alert>}
      {broken.length > 0 && <BrokenFile lines={broken} />}
      {rows.length > 0 && <ImportPreview rows={rows} detected={detected} issues={isSent ? [] : issues} />}
      {rows.length > 0 && unknown.length > 0 && !isSent && projects.data && projects.data.length > 0 && (
        <Alert className="flex flex-wrap items-center justify-between gap-2">
          <span>{t("import.unknownProjects", { names: unknown.slice(0, 5).join(", ") })}</span>
          <Button size="sm" variant="outline" onClick={() => setIsCreating(true)}>
            <Plus aria-hidden />
            {t("import.newProject")}
          </Button>
        </Alert>
      )}
      {rows.length > 0 && !isSent && (
        <Button className="justify-self-start" onClick={() => void submit()} disabled={importTasks.isPending}>
          {importTasks.isPending ? t("import.importing") : t("import.submit", { count: rows.length })}
        </Button>
      )}
      {result && <ImportReport result={result} />}
      {backgroundId && <ImportProgress importId={backgroundId} />}
      <ProjectCreateDialog open={isCreating} onOpenChange={setIsCreating} onCreated={() => undefined} />
    </div>
  );
}
