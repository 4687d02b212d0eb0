import { useEffect } from "react";
import { saveOpenDrafts } from "./drafts";
import { onShellSessionChange } from "./shell-session";
import { isSigningOut } from "./signing-out";

/**
 * The 30 s session check may notice the end before any request does; the /app guard then leaves
 * for sign-in, so the open forms are saved first. The store tells its listeners before React renders.
 */
export function useSaveDraftsWhenSessionEnds(): void {
  useEffect(() => {
    return onShellSessionChange((value, old) => {
      if (old.data && !value.data && !value.isPending && !isSigningOut()) saveOpenDrafts();
    });
  }, []);
}
