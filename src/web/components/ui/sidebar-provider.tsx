import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from "react";
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from "@/web/lib/storage-keys";
import { useIsMobile } from "@/web/lib/use-is-mobile";
import { SidebarContext } from "./sidebar-context";

const readCookie = () => !document.cookie.split("; ").includes(`${SIDEBAR_COOKIE}=false`);

/** Expanded or collapsed, kept in a cookie for 7 days; Ctrl or Cmd + B toggles it. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) return setOpenMobile((o) => !o);
    setOpen((o) => {
      document.cookie = `${SIDEBAR_COOKIE}=${!o}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
      return !o;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, openMobile, isMobile, setOpenMobile, toggle }), [open, openMobile, isMobile, toggle]);
  const style = { "--sidebar-width": "16rem", "--sidebar-width-icon": "3rem", "--sidebar-width-mobile": "18rem" } as CSSProperties;
  return (
    <SidebarContext.Provider value={value}>
      <div style={style} className="flex min-h-screen w-full" data-sidebar-state={open ? "expanded" : "collapsed"}>
        {children}
      </div>
    </SidebarContext.Provider>
  );
}
