import type { MailKey } from "./en";

/** The mail texts in German (Sie-Form, as in the app). */
export const de: Record<MailKey, string> = {
  "verification.subject": "Bestätigen Sie Ihre E-Mail-Adresse für {appName}",
  "verification.text":
    "Willkommen bei {appName}.\n\nBestätigen Sie Ihre E-Mail-Adresse, indem Sie diesen Link öffnen:\n{url}\n\nDer Link ist 24 Stunden gültig. Wenn Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.",
  "resetPassword.subject": "Setzen Sie Ihr Passwort für {appName} zurück",
  "resetPassword.text":
    "Jemand hat angefordert, das Passwort für diese Adresse zurückzusetzen.\n\nWählen Sie hier ein neues Passwort:\n{url}\n\nDer Link ist eine Stunde gültig und meldet Sie überall sonst ab. Wenn Sie das nicht waren, ignorieren Sie diese Nachricht.",
  "emailChange.subject": "Bestätigen Sie Ihre neue E-Mail-Adresse für {appName}",
  "emailChange.text":
    "Jemand möchte diese Adresse für sein Konto bei {appName} verwenden.\n\nBestätigen Sie die Änderung, indem Sie diesen Link öffnen:\n{url}\n\nDer Link ist 24 Stunden gültig. Bis er geöffnet wird, behält das Konto seine alte Adresse. Wenn Sie das nicht waren, ignorieren Sie diese Nachricht.",
  "emailChangeNotice.subject": "Ihre E-Mail-Adresse bei {appName} wird geändert",
  "emailChangeNotice.text":
    "Jemand, der in Ihrem Konto bei {appName} angemeldet ist, hat beantragt, die E-Mail-Adresse in {newEmail} zu ändern.\n\nNichts ändert sich, bis der an diese Adresse gesendete Link geöffnet wird. Wenn Sie das nicht waren, ändern Sie Ihr Passwort und melden Sie sich unter Einstellungen > Sicherheit überall ab.",
  "invitation.subject": "{inviterName} hat Sie zu {orgName} auf {appName} eingeladen",
  "invitation.text.owner":
    "{inviterName} hat Sie eingeladen, {orgName} auf {appName} als Inhaber beizutreten.\n\nNehmen Sie die Einladung hier an:\n{url}\n\nDer Link ist {days} Tage gültig und nur für {to}. Wenn Sie keine Einladung erwartet haben, ignorieren Sie diese Nachricht.",
  "invitation.text.member":
    "{inviterName} hat Sie eingeladen, {orgName} auf {appName} als Mitglied beizutreten.\n\nNehmen Sie die Einladung hier an:\n{url}\n\nDer Link ist {days} Tage gültig und nur für {to}. Wenn Sie keine Einladung erwartet haben, ignorieren Sie diese Nachricht.",
  "invitationAccepted.subject": "{memberName} ist {orgName} beigetreten",
  "invitationAccepted.text":
    "{memberName} ({memberEmail}) hat Ihre Einladung angenommen und ist jetzt Mitglied von {orgName} auf {appName}.\n\nZu den Mitgliedern: {appUrl}/app/settings?tab=organization\n\nUm diese E-Mails abzubestellen, schalten Sie „Einladung angenommen“ unter {appUrl}/app/settings?tab=notifications aus.",
  "organisationDeleted.subject": "{orgName} wurde bei {appName} gelöscht",
  "organisationDeleted.text.owner":
    "Eine Inhaberin oder ein Inhaber hat die Organisation {orgName} bei {appName} gelöscht, mit allem, was darin war: Bereiche, Projekte, Aufgaben, Schlüssel und Workflows. Sie sind nicht mehr Mitglied.\n\nIhr eigenes Konto bleibt bestehen. Melden Sie sich an, um Ihre anderen Organisationen zu öffnen oder eine neue zu beginnen: {appUrl}",
  "organisationDeleted.text.erasure":
    "Die Organisation {orgName} bei {appName} wurde mit allem, was darin war, gelöscht, weil ihre einzige Inhaberin oder ihr einziger Inhaber das eigene Konto gelöscht hat. Sie sind nicht mehr Mitglied.\n\nIhr eigenes Konto bleibt bestehen. Melden Sie sich an, um Ihre anderen Organisationen zu öffnen oder eine neue zu beginnen: {appUrl}",
  "platformIssue.subject": "{appName}: Systemproblem erkannt",
  "platformIssue.intro": "Eine geplante Zustandsprüfung von {orgName} hat Folgendes gefunden:",
  "platformIssue.yourOrganisation": "Ihrer Organisation",
  "platformIssue.footer": "Öffnen Sie {appUrl}/app/self-healing, um es zu beheben oder weiterzuleiten.",
  "task.assigned.subject": "{actorName} hat Ihnen „{taskTitle}“ zugewiesen",
  "task.mentioned.subject": "{actorName} hat Sie bei „{taskTitle}“ erwähnt",
  "task.commented.subject": "{actorName} hat „{taskTitle}“ kommentiert",
  "task.due_soon.subject": "„{taskTitle}“ ist fällig: {due}",
  "task.assigned.line": "{actorName} hat Ihnen „{taskTitle}“ in {orgName} zugewiesen.",
  "task.mentioned.line": "{actorName} hat Sie bei „{taskTitle}“ in {orgName} erwähnt.",
  "task.commented.line": "{actorName} hat „{taskTitle}“ in {orgName} kommentiert.",
  "task.due_soon.line": "„{taskTitle}“ in {orgName} ist fällig: {due}.",
  "task.someone": "Jemand",
  "task.open": "Zur Aufgabe: {url}",
  "task.footer": "Sie erhalten diese E-Mails wegen Ihrer Aufgaben-Benachrichtigungen in {appName}. Ändern: {appUrl}/app/settings?tab=notifications\nAlle Aufgaben-E-Mails mit einem Klick abbestellen: {unsubscribeUrl}",
  "digest.subject": "{appName}: {count} Neuigkeiten zu Aufgaben",
  "digest.intro": "Das ist seit der letzten Zusammenfassung bei Ihren Aufgaben passiert:",
  "unsubscribe.title": "Aufgaben-E-Mails",
  "unsubscribe.confirm": "Alle Aufgaben-Benachrichtigungen per E-Mail an {email} abbestellen? In der App bleiben die Benachrichtigungen erhalten.",
  "unsubscribe.button": "Aufgaben-E-Mails abbestellen",
  "unsubscribe.done": "Erledigt: An {email} gehen keine Aufgaben-E-Mails mehr. Unter Einstellungen, Benachrichtigungen können Sie sie wieder einschalten.",
  "unsubscribe.invalid": "Dieser Abmeldelink ist nicht gültig.",
};
