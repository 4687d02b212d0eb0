import { useEffect } from "react";
import { authClient, isSigningOut } from "./auth-client";
import { saveOpenDrafts } from "./drafts";

type SessionValue = { data: unknown; isPending: boolean } | undefined;

/**
 * The 30 s session check may notice the end before any request does; the /app guard then leaves
 * for sign-in, so the open forms are saved first. The atom tells its listeners before React renders.
 */
export function useSaveDraftsWhenSessionEnds(): void {
  useEffect(() => {
    const atom = authClient.$store.atoms.session;
    return atom?.listen((value: SessionValue, old: SessionValue) => {
      if (old?.data && value && !value.data && !value.isPending && !isSigningOut()) saveOpenDrafts();
    });
  }, []);
}
