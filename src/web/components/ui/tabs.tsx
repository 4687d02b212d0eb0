import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/web/lib/cn";

/**
 * Tabs as WAI-ARIA describes them (tablist, tab, tabpanel; arrows, Home and End move and select),
 * with Radix's props and data-state, in a fraction of its size: Radix Tabs brought its collection,
 * roving-focus and presence packages onto the dashboard's first load.
 */
type TabsState = { value: string; select: (value: string) => void; idOf: (value: string, part: "tab" | "panel") => string };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

type TabsProps = Omit<ComponentProps<"div">, "defaultValue"> & { value?: string; defaultValue?: string; onValueChange?: (value: string) => void };

export function Tabs({ value, defaultValue, onValueChange, ...p }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? "");
  const base = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  // Values are ours (view names), but an id must not hold spaces.
  const idOf = (v: string, part: "tab" | "panel") => `${base}-${part}-${v.replace(/\s+/g, "-")}`;
  return (
    <TabsContext.Provider value={{ value: current, select, idOf }}>
      <div dir="ltr" data-orientation="horizontal" {...p} />
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** Arrow keys, Home and End move focus along the enabled tabs and select the one they land on. */
function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const move = MOVES[event.key];
  if (!move) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || tabs.length === 0) return;
  event.preventDefault();
  const next = tabs[move(at, tabs.length)]!;
  next.focus();
  next.click();
}

export const TabsList = ({ className, onKeyDown, ...p }: ComponentProps<"div">) => (
  <div
    role="tablist"
    aria-orientation="horizontal"
    className={cn("inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground", className)}
    onKeyDown={(e) => {
      onKeyDown?.(e);
      if (!e.defaultPrevented) onListKeyDown(e);
    }}
    {...p}
  />
);

export function TabsTrigger({ className, value, onClick, ...p }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf(value, "tab")}
      aria-selected={active}
      aria-controls={tabs.idOf(value, "panel")}
      data-state={active ? "active" : "inactive"}
      tabIndex={active ? 0 : -1}
      className={cn(
        "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) tabs.select(value);
      }}
      {...p}
    />
  );
}

/**
 * Only the selected panel is rendered, as with Radix; `forceMount` keeps an unselected one mounted
 * (data-state="inactive", for the caller's class to hide) so it keeps its state.
 */
export function TabsContent({ className, value, forceMount, ...p }: ComponentProps<"div"> & { value: string; forceMount?: true }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  if (!active && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf(value, "panel")}
      aria-labelledby={tabs.idOf(value, "tab")}
      data-state={active ? "active" : "inactive"}
      tabIndex={0}
      className={cn("mt-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
      {...p}
    />
  );
}
