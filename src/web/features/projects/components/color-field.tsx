import "@/web/features/projects/projects-i18n";
import { useTranslation } from "react-i18next";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";

const projectSwatches = ["#6366f1", "#0ea5e9", "#10b981", "#f59e0b", "#ef4444", "#ec4899", "#64748b"] as const;

/** A few swatches for the usual choice, and the platform's colour input for any other. */
export function ColorField({ id, value, onChange, error }: { id: string; value: string; onChange: (color: string) => void; error?: string }) {
  const { t } = useTranslation("projects");
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">{t("fields.color")}</legend>
      <div className="flex flex-wrap items-center gap-2">
        {projectSwatches.map((color) => (
          <button
            key={color}
            type="button"
            aria-label={t("fields.swatch", { color })}
            aria-pressed={value.toLowerCase() === color}
            onClick={() => onChange(color)}
            className={cn(
              "size-8 rounded-full border-2 border-transparent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
              value.toLowerCase() === color && "border-foreground",
            )}
            style={{ backgroundColor: color }}
          />
        ))}
        <Label htmlFor={id} className="sr-only">
          {t("fields.customColor")}
        </Label>
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-8 w-12 cursor-pointer rounded-md border border-input bg-background p-0.5"
        />
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}
