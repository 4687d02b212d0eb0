import { lazy, Suspense, useEffect, type ComponentProps, type ReactNode } from "react";
import { Link, useMatch } from "react-router";
import { cn } from "@/web/lib/cn";
import { whenScreenSettled } from "@/web/lib/screen-settled";
import { useSidebar } from "./sidebar-context";

// Radix's Dialog and Tooltip (with its positioning) are not part of any /app screen's first render:
// the drawer (a phone) or the tooltips (collapsed) load once the page is idle, in time to be used offline.
const loadDrawer = () => import("./sidebar-drawer");
const loadTooltip = () => import("./sidebar-tooltip");
const SidebarDrawer = lazy(loadDrawer);
const SidebarTooltip = lazy(loadTooltip);

export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  useEffect(() => whenScreenSettled(() => void (isMobile ? loadDrawer() : loadTooltip()).catch(() => undefined)), [isMobile]);
  if (isMobile) {
    if (!openMobile) return null;
    return (
      <Suspense fallback={null}>
        <SidebarDrawer label={label} open={openMobile} onOpenChange={setOpenMobile}>
          {children}
        </SidebarDrawer>
      </Suspense>
    );
  }
  return (
    <aside
      data-collapsed={!open}
      className={cn(
        "group/sidebar sticky top-0 flex h-screen shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200",
        open ? "w-[var(--sidebar-width)]" : "w-[var(--sidebar-width-icon)]",
      )}
    >
      <nav aria-label={label} className="flex h-full flex-col overflow-y-auto overflow-x-hidden">
        {children}
      </nav>
    </aside>
  );
}

export function SidebarSection({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("px-2 py-2", className)}>
      {title && <p className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground group-data-[collapsed=true]/sidebar:sr-only">{title}</p>}
      <ul className="grid gap-0.5">{children}</ul>
    </div>
  );
}

const itemClass =
  "flex h-9 w-full items-center gap-3 rounded-md px-2 text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0";

function WithTooltip({ label, children }: { label: string; children: ReactNode }) {
  const { open, isMobile } = useSidebar();
  if (open || isMobile) return children;
  return (
    <Suspense fallback={children}>
      <SidebarTooltip label={label}>{children}</SidebarTooltip>
    </Suspense>
  );
}

export function SidebarLink({ to, icon, label, badge, exact }: { to: string; icon: ReactNode; label: string; badge?: string; exact?: boolean }) {
  const { setOpenMobile } = useSidebar();
  // A string className, not NavLink's function: the tooltip's Slot merges classes as strings.
  // Deeper addresses count (a plane's page is within Planes) unless the item is exact.
  const isActive = useMatch({ path: to, end: !!exact }) !== null;
  return (
    <li>
      <WithTooltip label={label}>
        <Link
          to={to}
          onClick={() => setOpenMobile(false)}
          aria-current={isActive ? "page" : undefined}
          aria-description={badge}
          className={cn(itemClass, isActive && "bg-accent font-medium text-accent-foreground")}
        >
          {icon}
          <span className="truncate group-data-[collapsed=true]/sidebar:sr-only">{label}</span>
          {/* Seen, and said as a description, so the link's name stays the label. */}
          {badge && (
            <span aria-hidden className="ml-auto shrink-0 rounded-full border px-1.5 text-[0.65rem] font-medium uppercase tracking-wide text-muted-foreground group-data-[collapsed=true]/sidebar:sr-only">
              {badge}
            </span>
          )}
        </Link>
      </WithTooltip>
    </li>
  );
}

export function SidebarButton({ icon, label, className, ...props }: ComponentProps<"button"> & { icon: ReactNode; label: string }) {
  return (
    <li>
      <WithTooltip label={label}>
        <button type="button" className={cn(itemClass, className)} {...props}>
          {icon}
          <span className="truncate group-data-[collapsed=true]/sidebar:sr-only">{label}</span>
        </button>
      </WithTooltip>
    </li>
  );
}
