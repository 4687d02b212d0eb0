/**
 * Organisations this tab is leaving on purpose (the user left or deleted it): their going from the
 * memberships is expected and needs no notice. Any other organisation that goes, went because
 * someone else removed the user or deleted it, and the shell says so (org-provider.tsx).
 */
const leaving = new Set<string>();

export const expectToLeave = (orgId: string) => void leaving.add(orgId);

/** Whether the tab itself left this organisation; forgets it either way. */
export const leftOnPurpose = (orgId: string): boolean => leaving.delete(orgId);
