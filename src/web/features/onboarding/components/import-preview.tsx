import { useTranslation } from "react-i18next";
import type { CsvDateFormat } from "@/web/lib/csv-format";
import { Alert } from "@/web/components/ui/alert";
import { shownDue } from "../lib/shown-due";
import type { ImportRow } from "../lib/import-rows";
import type { DetectedCsv, DueIssue } from "../lib/read-import-file";

const previewSize = 5;
const columns = ["title", "project", "priority", "due"] as const;

const delimiterKeys = { ",": "comma", ";": "semicolon", "\t": "tab" } as const;
const dateKeys: Record<CsvDateFormat, "iso" | "dotted" | "dayFirst" | "monthFirst"> = {
  "YYYY-MM-DD": "iso",
  "DD.MM.YYYY": "dotted",
  "DD/MM/YYYY": "dayFirst",
  "MM/DD/YYYY": "monthFirst",
};

/** How the file was read ("Detected: semicolon-separated, Windows-1252, dates DD.MM.YYYY"). */
function DetectedLine({ detected }: { detected: DetectedCsv }) {
  const { t } = useTranslation("onboarding");
  return (
    <div className="grid gap-0.5 text-sm text-muted-foreground">
      <p>
        {t("import.detected", {
          delimiter: t(`import.delimiters.${delimiterKeys[detected.delimiter]}`),
          encoding: t(detected.encoding === "utf-8" ? "import.encodings.utf8" : "import.encodings.windows1252"),
          dates: t(`import.dateFormats.${detected.dateFormat ? dateKeys[detected.dateFormat] : "none"}`),
        })}
      </p>
      {detected.slashOrderGuessed && <p>{t(detected.dateFormat === "MM/DD/YYYY" ? "import.monthFirstGuess" : "import.dayFirstGuess")}</p>}
    </div>
  );
}

/** The first rows as they will be sent, numbered as the import report numbers them. */
export function ImportPreview({ rows, detected, issues = [] }: { rows: ImportRow[]; detected?: DetectedCsv | null; issues?: DueIssue[] }) {
  const { t, i18n } = useTranslation("onboarding");
  const shown = rows.slice(0, previewSize);
  return (
    <div className="grid gap-2">
      {detected && <DetectedLine detected={detected} />}
      {issues.length > 0 && (
        <Alert variant="destructive" className="grid gap-1">
          <p className="font-medium">{t("import.dueIssuesTitle", { count: issues.length })}</p>
          <ul className="grid max-h-48 gap-0.5 overflow-y-auto">
            {issues.map((issue) => (
              <li key={issue.row}>{t("import.dueIssue", { row: issue.row, value: issue.value })}</li>
            ))}
          </ul>
        </Alert>
      )}
      <p className="text-sm font-medium">{t("import.preview", { count: rows.length, shown: shown.length })}</p>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("import.row")}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {t(`import.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {shown.map((row, index) => (
              <tr key={index}>
                <td className="px-3 py-2 text-muted-foreground">{index + 1}</td>
                {columns.map((column) => (
                  <td key={column} className="max-w-48 truncate px-3 py-2">
                    {column === "due" ? shownDue(row.due, i18n.language) : row[column]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
