/** The browser's IANA zone, sent with every dashboard query so "today" is the user's today. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
