import { expectToLeave, leftOnPurpose } from "@/web/features/organisations/left-organisations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "@/web/lib/toast";
import { isOwnerRole } from "@/shared/constants";
import { assignableRoles, type Member } from "@/shared/organisations";
import { LoadFailed } from "@/web/components/load-failed";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { useCan } from "@/web/features/organisations/use-can";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { errorMessage } from "@/web/lib/error-message";
import { roleKey } from "./organization-tab";

type Pending = { kind: "remove"; member: Member } | { kind: "leave" } | null;

/** The members, their roles (owners change them and remove members), and leaving; the server keeps the last owner. */
export function MembersCard({ orgId, orgName }: { orgId: string; orgName: string }) {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  const me = authClient.useSession().data?.user.id;
  const canManage = useCan("members.manage");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const key = ["orgs", orgId, "members"];
  const members = useQuery({ queryKey: key, queryFn: async () => (await api<{ members: Member[] }>(orgPath(orgId, "/members"))).members });
  const settle = () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: ["memberships"] })]);

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: string }) => api<{ member: Member }>(orgPath(orgId, `/members/${encodeURIComponent(member.user_id)}`), { method: "PATCH", body: { role } }),
    onSuccess: ({ member }) => toast.success(t("organization.roleChanged", { name: member.name, role: t(`organization.roleNames.${member.role === "owner" ? "owner" : "member"}`) })),
    onError: (e) => toast.error(t("organization.roleFailed"), { description: errorMessage(e, tc, { isWrite: true }) }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (member: Member) => api(orgPath(orgId, `/members/${encodeURIComponent(member.user_id)}`), { method: "DELETE" }),
    onSuccess: (_, member) => toast.success(t("organization.removed", { name: member.name })),
    onError: (e) => toast.error(t("organization.removeFailed"), { description: errorMessage(e, tc, { isWrite: true }) }),
    onSettled: settle,
  });
  const leave = useMutation({
    // Said before asking: the live feed may take the membership away before this answer arrives.
    mutationFn: () => (expectToLeave(orgId), api(orgPath(orgId, "/membership"), { method: "DELETE" })),
    onSuccess: async () => {
      toast.success(t("organization.left", { org: orgName }));
      await queryClient.invalidateQueries({ queryKey: ["memberships"] });
      navigate("/app/dashboard", { replace: true });
    },
    onError: (e) => {
      leftOnPurpose(orgId);
      toast.error(t("organization.leaveFailed"), { description: errorMessage(e, tc, { isWrite: true }) });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("organization.members")}</CardTitle>
        {members.data && <CardDescription>{t("organization.membersCount", { count: members.data.length })}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-3">
        {members.isPending && <Spinner label={t("organization.members")} />}
        {members.isError && <LoadFailed message={t("organization.membersLoadFailed")} onRetry={() => void members.refetch()} />}
        {members.data && (
          <ul className="divide-y rounded-md border" aria-label={t("organization.members")}>
            {members.data.map((m) => (
              <li key={m.user_id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm">
                <span className="font-medium">{m.name}</span>
                {m.user_id === me && <span className="text-muted-foreground">{t("organization.you")}</span>}
                <span className="text-muted-foreground">{m.email}</span>
                <span className="ml-auto flex items-center gap-2">
                  {canManage && m.role !== "supreme_leader" ? (
                    <NativeSelect
                      aria-label={t("organization.roleLabel", { name: m.name })}
                      className="h-9 w-32"
                      value={isOwnerRole(m.role) ? "owner" : "member"}
                      disabled={changeRole.isPending}
                      onChange={(e) => changeRole.mutate({ member: m, role: e.target.value })}
                    >
                      {assignableRoles.map((role) => (
                        <option key={role} value={role}>
                          {t(`organization.roleNames.${role}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    <Badge variant="outline">{t(`organization.roles.${roleKey(m.role)}`)}</Badge>
                  )}
                  {canManage && m.user_id !== me && (
                    <Button variant="outline" size="sm" aria-label={t("organization.removeLabel", { name: m.name })} onClick={() => setPending({ kind: "remove", member: m })}>
                      {t("organization.remove")}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-muted-foreground">{t("organization.lastOwnerNote")}</p>
        <div>
          <Button variant="outline" onClick={() => setPending({ kind: "leave" })}>
            {t("organization.leave")}
          </Button>
        </div>
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => !open && setPending(null)}
          title={pending?.kind === "remove" ? t("organization.removeTitle", { name: pending.member.name }) : t("organization.leaveTitle", { org: orgName })}
          description={pending?.kind === "remove" ? t("organization.removeBody", { name: pending.member.name }) : t("organization.leaveBody")}
          confirmLabel={pending?.kind === "remove" ? t("organization.remove") : t("organization.leave")}
          cancelLabel={tc("cancel")}
          busy={remove.isPending || leave.isPending}
          onConfirm={() => {
            if (pending?.kind === "remove") remove.mutate(pending.member);
            else leave.mutate();
            setPending(null);
          }}
        />
      </CardContent>
    </Card>
  );
}
