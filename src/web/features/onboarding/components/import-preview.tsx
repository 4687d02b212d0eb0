import { useTranslation } from "react-i18next";
import type { ImportRow } from "../lib/import-rows";

const previewSize = 5;
const columns = ["title", "project", "priority", "due"] as const;

/** The first rows as they will be sent, numbered as the import report numbers them. */
export function ImportPreview({ rows }: { rows: ImportRow[] }) {
  const { t } = useTranslation("onboarding");
  const shown = rows.slice(0, previewSize);
  return (
    <div className="grid gap-2">
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
                    {row[column]}
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
