/**
 * The server's mail texts in English, the fallback for every other language (de.ts, fr.ts must
 * have the same keys and the same {placeholders}: mail-text.test.ts). {appName}, {url} and the
 * like are filled in by mailText(); "\n" is a line break.
 */
export const en = {
  "verification.subject": "Confirm your email for {appName}",
  "verification.text":
    "Welcome to {appName}.\n\nConfirm your email address by opening this link:\n{url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.",
  "resetPassword.subject": "Reset your {appName} password",
  "resetPassword.text":
    "Someone asked to reset the password for this address.\n\nChoose a new password here:\n{url}\n\nThe link is valid for one hour and signs you out everywhere else. If it was not you, ignore this message.",
  "emailChange.subject": "Confirm your new email for {appName}",
  "emailChange.text":
    "Someone asked to use this address for their {appName} account.\n\nConfirm the change by opening this link:\n{url}\n\nThe link is valid for 24 hours. Until it is opened, the account keeps its old address. If it was not you, ignore this message.",
  "emailChangeNotice.subject": "Your {appName} email is about to change",
  "emailChangeNotice.text":
    "Someone signed in to your {appName} account asked to change its email to {newEmail}.\n\nNothing changes until the link sent to that address is opened. If it was not you, change your password and sign out everywhere from Settings > Security.",
  "invitation.subject": "{inviterName} invited you to {orgName} on {appName}",
  "invitation.text.owner":
    "{inviterName} invited you to join {orgName} on {appName} as an owner.\n\nAccept the invitation here:\n{url}\n\nThe link is valid for {days} days and only for {to}. If you did not expect it, ignore this message.",
  "invitation.text.member":
    "{inviterName} invited you to join {orgName} on {appName} as a member.\n\nAccept the invitation here:\n{url}\n\nThe link is valid for {days} days and only for {to}. If you did not expect it, ignore this message.",
  "invitationAccepted.subject": "{memberName} joined {orgName}",
  "invitationAccepted.text":
    "{memberName} ({memberEmail}) accepted your invitation and is now a member of {orgName} on {appName}.\n\nSee the members: {appUrl}/app/settings?tab=organization\n\nTo stop these mails, turn off \"Invitation accepted\" in {appUrl}/app/settings?tab=notifications.",
  "organisationDeleted.subject": "{orgName} was deleted on {appName}",
  "organisationDeleted.text.owner":
    "An owner deleted the organisation {orgName} on {appName}, with everything in it: its planes, projects, tasks, keys and workflows. You are no longer a member of it.\n\nYour own account stays. Sign in to open your other organisations or start a new one: {appUrl}",
  "organisationDeleted.text.erasure":
    "The organisation {orgName} on {appName} was deleted with everything in it, because its only owner deleted their account. You are no longer a member of it.\n\nYour own account stays. Sign in to open your other organisations or start a new one: {appUrl}",
  "platformIssue.subject": "{appName}: System Issue Detected",
  "platformIssue.intro": "A scheduled health scan of {orgName} found:",
  "platformIssue.yourOrganisation": "your organisation",
  "platformIssue.footer": "Open {appUrl}/app/self-healing to fix or dispatch it.",
  "task.assigned.subject": "{actorName} assigned you “{taskTitle}”",
  "task.mentioned.subject": "{actorName} mentioned you on “{taskTitle}”",
  "task.commented.subject": "{actorName} commented on “{taskTitle}”",
  "task.due_soon.subject": "“{taskTitle}” is due {due}",
  "task.assigned.line": "{actorName} assigned you “{taskTitle}” in {orgName}.",
  "task.mentioned.line": "{actorName} mentioned you on “{taskTitle}” in {orgName}.",
  "task.commented.line": "{actorName} commented on “{taskTitle}” in {orgName}.",
  "task.due_soon.line": "“{taskTitle}” in {orgName} is due {due}.",
  "task.someone": "Someone",
  "task.open": "Open the task: {url}",
  "task.footer": "You get these mails because of your task notifications in {appName}. Change them: {appUrl}/app/settings?tab=notifications\nStop all task mail with one click: {unsubscribeUrl}",
  "digest.subject": "{appName}: {count} task updates",
  "digest.intro": "What happened on your tasks since the last digest:",
  "unsubscribe.title": "Task mail",
  "unsubscribe.confirm": "Stop all task notification mail to {email}? Notifications stay in the app.",
  "unsubscribe.button": "Stop task mail",
  "unsubscribe.done": "Done: no more task mail goes to {email}. You can turn it back on in Settings, Notifications.",
  "unsubscribe.invalid": "This unsubscribe link is not valid.",
} as const;

export type MailKey = keyof typeof en;
