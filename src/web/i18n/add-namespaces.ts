import i18n from "./index";

/**
 * Registers namespaces that arrive with a lazily loaded part of the app, once. For a German or
 * French reader their translations start loading at once (translations.ts); a component using one
 * before it is here suspends until it is.
 */
export function addNamespaces(bundles: Record<string, object>): void {
  for (const [ns, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle("en", ns)) i18n.addResourceBundle("en", ns, bundle);
  }
  if (i18n.language && i18n.language !== "en") void i18n.loadNamespaces(Object.keys(bundles));
}
