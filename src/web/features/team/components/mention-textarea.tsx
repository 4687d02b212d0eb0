import { useId, useMemo, useState, type KeyboardEvent, type Ref } from "react";
import { useTranslation } from "react-i18next";
import type { Member } from "@/shared/organisations";
import { Textarea } from "@/web/components/ui/textarea";
import { cn } from "@/web/lib/cn";

/** The "@partial" right before the caret, if the caret is in one. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, query: m[2]!.toLowerCase() } : null;
}

/** The members whose "@Name" is still in the text: the mentions the server is sent. */
export const mentionedIds = (text: string, members: Member[]) => members.filter((m) => text.includes(`@${m.name}`)).map((m) => m.user_id);

/**
 * A comment box that suggests members after "@": arrows choose, Enter or Tab inserts "@Name ".
 * Only the organisation's members are offered (the server keeps only members, too).
 */
export function MentionTextarea({ value, onChange, members, label, textareaRef, onSubmit }: { value: string; onChange: (v: string) => void; members: Member[]; label: string; textareaRef?: Ref<HTMLTextAreaElement>; onSubmit: () => void }) {
  const { t } = useTranslation("team");
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const at = dismissed ? null : mentionAt(value, caret);
  const options = useMemo(() => (at ? members.filter((m) => m.name.toLowerCase().includes(at.query) || m.email.toLowerCase().startsWith(at.query)).slice(0, 6) : []), [at, members]);
  const open = options.length > 0;

  const insert = (m: Member) => {
    if (!at) return;
    const next = `${value.slice(0, at.start)}@${m.name} ${value.slice(caret)}`;
    onChange(next);
    setCaret(at.start + m.name.length + 2);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((e.metaKey || e.ctrlKey) && e.key === "Enter") return onSubmit();
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (i + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      insert(options[Math.min(active, options.length - 1)]!);
    } else if (e.key === "Escape") {
      e.stopPropagation();
      setDismissed(true);
    }
  };
  return (
    <div className="relative">
      <Textarea
        ref={textareaRef}
        aria-label={label}
        placeholder={t("comments.placeholder")}
        value={value}
        rows={3}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setDismissed(false);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={t("comments.mentionList")} className="absolute left-2 top-full z-20 mt-1 w-64 rounded-md border bg-popover p-1 shadow-md">
          {options.map((m, i) => (
            <li
              key={m.user_id}
              role="option"
              aria-selected={i === active}
              className={cn("cursor-pointer rounded px-2 py-1 text-sm", i === active && "bg-accent")}
              onMouseDown={(e) => {
                e.preventDefault();
                insert(m);
              }}
            >
              {m.name} <span className="text-muted-foreground">{m.email}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
