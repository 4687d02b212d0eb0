import { cloneElement, type ReactElement } from "react";
import { Label } from "@/web/components/ui/label";

type FieldControl = ReactElement<{ id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string }>;

/** Label, control and its error, wired together for screen readers. */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: FieldControl }) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
