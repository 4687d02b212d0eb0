import i18n from "@/web/i18n";

// Every date, time and number the app shows is formatted here, in the app's language (never the
// browser's), so a German page says "3. März" and "1.234" even in an English browser.

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => F,
  locale = i18n.language || "en",
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as F | undefined;
  if (!f) cache.set(key, (f = make(locale)));
  return f;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** A calendar date, "3 Mar 2026" by default. */
export const formatDate = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }) =>
  cached("date", options, (l) => new Intl.DateTimeFormat(l, options)).format(toDate(value));

/** Date and time, "3 Mar 2026, 14:05". */
export const formatDateTime = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }) =>
  formatDate(value, options);

/** A time of day, "14:05". */
export const formatTime = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { timeStyle: "short" }) => formatDate(value, options);

/** A count or amount with the language's grouping, "1,234". */
export const formatNumber = (value: number, options: Intl.NumberFormatOptions = {}) =>
  cached("number", options, (l) => new Intl.NumberFormat(l, options)).format(value);

/** An amount of money in the language's way, "€29" / "29 €"; whole units unless it has cents. */
export const formatCurrency = (value: number, currency: string, options: Intl.NumberFormatOptions = {}) =>
  formatNumber(value, { style: "currency", currency, maximumFractionDigits: Number.isInteger(value) ? 0 : 2, ...options });

/** "in 5 minutes", "yesterday"; in `locale` when one is given. */
export const formatRelative = (value: number, unit: Intl.RelativeTimeFormatUnit, options: Intl.RelativeTimeFormatOptions = { numeric: "auto" }, locale?: string) =>
  cached("relative", options, (l) => new Intl.RelativeTimeFormat(l, options), locale).format(value, unit);
