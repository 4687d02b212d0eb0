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
  "platformIssue.subject": "{appName} : problème système détecté",
  "platformIssue.intro": "Une analyse d’état planifiée de {orgName} a trouvé :",
  "platformIssue.yourOrganisation": "votre organisation",
  "platformIssue.footer": "Ouvrez {appUrl}/app/self-healing pour le corriger ou le confier à un agent.",
};
