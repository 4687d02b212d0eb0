import { eq } from "drizzle-orm";
import type { NotificationKind } from "@/shared/work-values";
import type { Db } from "../../db/client";
import { organisations, tasks, user } from "../../db/schema";
import { mailSafeText } from "../../mail/mail-safe-text";
import { mailText } from "../../mail/mail-text";
import type { Mail } from "../../mail/mailer";
import { readEmailSettings } from "./email-settings";
import { unsubscribeToken } from "./unsubscribe-token";
import { replyAddressOf } from "../inbound-mail/inbound-address";

/** replyDomain: set when the mail receiver is on, so a reply to the mail becomes a comment (modules/inbound-mail). */
export type TaskMailDeps = { db: Db; appName: string; appUrl: string; secret: string; replyDomain?: string | null };

/** A subject line holds no line break, whatever a title held. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 150);

export const unsubscribeUrlOf = (deps: Pick<TaskMailDeps, "appUrl" | "secret">, userId: string) => `${deps.appUrl}/api/v1/unsubscribe?token=${unsubscribeToken(deps.secret, userId)}`;

/** RFC 8058: a mail client offers one-click unsubscribe, and POSTs List-Unsubscribe=One-Click to the link. */
export const unsubscribeHeaders = (url: string) => ({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

export type MailItem = { kind: NotificationKind; taskId: string; actorName: string | null; excerpt?: string | null };

/** One item's line in the recipient's language and zone. */
export async function itemLine(deps: TaskMailDeps, to: { id: string; locale: string | null }, item: MailItem): Promise<{ subject: string; line: string } | null> {
  const [task] = await deps.db
    .select({ title: tasks.title, dueAt: tasks.dueAt, orgName: organisations.name })
    .from(tasks)
    .innerJoin(organisations, eq(organisations.id, tasks.orgId))
    .where(eq(tasks.id, item.taskId));
  if (!task) return null;
  const { time_zone } = await readEmailSettings(deps.db, to.id);
  const due = task.dueAt ? new Intl.DateTimeFormat(to.locale ?? "en", { dateStyle: "medium", timeStyle: "short", timeZone: time_zone }).format(task.dueAt) : "";
  const vars = { actorName: item.actorName !== null ? oneLine(item.actorName) : { ours: mailText(to.locale, "task.someone") }, taskTitle: oneLine(task.title), orgName: oneLine(task.orgName), due };
  return { subject: mailText(to.locale, `task.${item.kind}.subject`, vars), line: mailText(to.locale, `task.${item.kind}.line`, vars) };
}

/** The mail for one notification, sent at once (email mode "instant"). */
export async function instantMail(deps: TaskMailDeps, userId: string, item: MailItem): Promise<Mail | null> {
  const [to] = await deps.db.select({ id: user.id, email: user.email, locale: user.locale }).from(user).where(eq(user.id, userId));
  if (!to) return null;
  const words = await itemLine(deps, to, item);
  if (!words) return null;
  const unsubscribeUrl = unsubscribeUrlOf(deps, userId);
  const text = [
    words.line,
    ...(item.excerpt ? ["", `> ${mailSafeText(item.excerpt, 300)}`] : []),
    "",
    mailText(to.locale, "task.open", { url: `${deps.appUrl}/app/tasks/${item.taskId}` }),
    "",
    "-- ",
    mailText(to.locale, "task.footer", { appName: deps.appName, appUrl: deps.appUrl, unsubscribeUrl }),
  ].join("\n");
  const replyTo: Record<string, string> = deps.replyDomain ? { "Reply-To": replyAddressOf(deps.secret, deps.replyDomain, item.taskId, userId) } : {};
  return { to: to.email, subject: words.subject, text, headers: { ...unsubscribeHeaders(unsubscribeUrl), ...replyTo } };
}
