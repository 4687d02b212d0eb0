import i18n from "./index";

/** Registers namespaces that arrive with a lazily loaded part of the app, once. */
export function addNamespaces(bundles: Record<string, object>): void {
  for (const [ns, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle("en", ns)) i18n.addResourceBundle("en", ns, bundle);
  }
}
