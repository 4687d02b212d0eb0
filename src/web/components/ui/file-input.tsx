import { useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/**
 * A file picker that speaks the page's language: the browser's own button says "Choose File" in
 * the browser's language, whatever the app's. The input stays the focusable, labelled control
 * (FormField's label names it); the visible button and file name are drawn beside it.
 */
export function FileInput({ className, onChange, ...props }: FileInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);
  return (
    <div className={cn("flex min-h-10 items-center gap-3 rounded-md border border-input bg-background px-2 py-1.5 text-sm", className)}>
      <input
        {...props}
        ref={input}
        type="file"
        className="peer sr-only"
        onChange={(event) => {
          setName(event.target.files?.[0]?.name ?? null);
          onChange?.(event);
        }}
      />
      <span aria-hidden onClick={() => input.current?.click()} className="cursor-pointer rounded bg-secondary px-2 py-1 peer-focus-visible:ring-2 peer-focus-visible:ring-ring">
        {t("file.choose")}
      </span>
      <span aria-hidden className="truncate text-muted-foreground">
        {name ?? t("file.none")}
      </span>
    </div>
  );
}
