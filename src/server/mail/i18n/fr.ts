import type { MailKey } from "./en";

/** The mail texts in French (vouvoiement, as in the app). */
export const fr: Record<MailKey, string> = {
  "verification.subject": "Confirmez votre adresse e-mail pour {appName}",
  "verification.text":
    "Bienvenue sur {appName}.\n\nConfirmez votre adresse e-mail en ouvrant ce lien :\n{url}\n\nLe lien est valable 24 heures. Si vous ne vous êtes pas inscrit, ignorez ce message.",
  "resetPassword.subject": "Réinitialisez votre mot de passe {appName}",
  "resetPassword.text":
    "Quelqu’un a demandé la réinitialisation du mot de passe de cette adresse.\n\nChoisissez un nouveau mot de passe ici :\n{url}\n\nLe lien est valable une heure et vous déconnecte partout ailleurs. Si ce n’était pas vous, ignorez ce message.",
  "emailChange.subject": "Confirmez votre nouvelle adresse e-mail pour {appName}",
  "emailChange.text":
    "Quelqu’un souhaite utiliser cette adresse pour son compte {appName}.\n\nConfirmez le changement en ouvrant ce lien :\n{url}\n\nLe lien est valable 24 heures. Tant qu’il n’est pas ouvert, le compte conserve son ancienne adresse. Si ce n’était pas vous, ignorez ce message.",
  "emailChangeNotice.subject": "Votre adresse e-mail {appName} va changer",
  "emailChangeNotice.text":
    "Une personne connectée à votre compte {appName} a demandé de remplacer son adresse e-mail par {newEmail}.\n\nRien ne change tant que le lien envoyé à cette adresse n’est pas ouvert. Si ce n’était pas vous, changez votre mot de passe et déconnectez-vous partout depuis Paramètres > Sécurité.",
  "invitation.subject": "{inviterName} vous a invité à rejoindre {orgName} sur {appName}",
  "invitation.text.owner":
    "{inviterName} vous a invité à rejoindre {orgName} sur {appName} en tant que propriétaire.\n\nAcceptez l’invitation ici :\n{url}\n\nLe lien est valable {days} jours et uniquement pour {to}. Si vous n’attendiez pas cette invitation, ignorez ce message.",
  "invitation.text.member":
    "{inviterName} vous a invité à rejoindre {orgName} sur {appName} en tant que membre.\n\nAcceptez l’invitation ici :\n{url}\n\nLe lien est valable {days} jours et uniquement pour {to}. Si vous n’attendiez pas cette invitation, ignorez ce message.",
  "invitationAccepted.subject": "{memberName} a rejoint {orgName}",
  "invitationAccepted.text":
    "{memberName} ({memberEmail}) a accepté votre invitation et est désormais membre de {orgName} sur {appName}.\n\nVoir les membres : {appUrl}/app/settings?tab=organization\n\nPour ne plus recevoir ces e-mails, désactivez « Invitation acceptée » dans {appUrl}/app/settings?tab=notifications.",
  "organisationDeleted.subject": "{orgName} a été supprimée sur {appName}",
  "organisationDeleted.text.owner":
    "Un propriétaire a supprimé l’organisation {orgName} sur {appName}, avec tout son contenu : espaces, projets, tâches, clés et workflows. Vous n’en êtes plus membre.\n\nVotre propre compte est conservé. Connectez-vous pour ouvrir vos autres organisations ou en créer une nouvelle : {appUrl}",
  "organisationDeleted.text.erasure":
    "L’organisation {orgName} sur {appName} a été supprimée avec tout son contenu, car son seul propriétaire a supprimé son compte. Vous n’en êtes plus membre.\n\nVotre propre compte est conservé. Connectez-vous pour ouvrir vos autres organisations ou en créer une nouvelle : {appUrl}",
  "platformIssue.subject": "{appName} : problème système détecté",
  "platformIssue.intro": "Une analyse d’état planifiée de {orgName} a trouvé :",
  "platformIssue.yourOrganisation": "votre organisation",
  "platformIssue.footer": "Ouvrez {appUrl}/app/self-healing pour le corriger ou le confier à un agent.",
  "task.assigned.subject": "{actorName} vous a attribué « {taskTitle} »",
  "task.mentioned.subject": "{actorName} vous a mentionné dans « {taskTitle} »",
  "task.commented.subject": "{actorName} a commenté « {taskTitle} »",
  "task.due_soon.subject": "« {taskTitle} » arrive à échéance : {due}",
  "task.assigned.line": "{actorName} vous a attribué « {taskTitle} » dans {orgName}.",
  "task.mentioned.line": "{actorName} vous a mentionné dans « {taskTitle} » dans {orgName}.",
  "task.commented.line": "{actorName} a commenté « {taskTitle} » dans {orgName}.",
  "task.due_soon.line": "« {taskTitle} » dans {orgName} arrive à échéance : {due}.",
  "task.someone": "Quelqu’un",
  "task.open": "Ouvrir la tâche : {url}",
  "task.footer": "Vous recevez ces e-mails en raison de vos notifications de tâches dans {appName}. Les modifier : {appUrl}/app/settings?tab=notifications\nNe plus recevoir aucun e-mail de tâche, en un clic : {unsubscribeUrl}",
  "digest.subject": "{appName} : {count} nouvelles de vos tâches",
  "digest.intro": "Ce qui s’est passé sur vos tâches depuis le dernier résumé :",
  "unsubscribe.title": "E-mails de tâches",
  "unsubscribe.confirm": "Ne plus envoyer d’e-mails de notification de tâches à {email} ? Les notifications restent dans l’application.",
  "unsubscribe.button": "Arrêter les e-mails de tâches",
  "unsubscribe.done": "C’est fait : plus aucun e-mail de tâche n’ira à {email}. Vous pouvez les réactiver dans Paramètres, Notifications.",
  "unsubscribe.invalid": "Ce lien de désinscription n’est pas valide.",
};
