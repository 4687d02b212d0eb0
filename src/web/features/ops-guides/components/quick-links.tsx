import { useTranslation } from "react-i18next";
import { Link } from "react-router";

type QuickLink = { to: string; labelKey: "deployStatus.goLive" | "deployStatus.wizard" | "deployStatus.tools" | "deployStatus.status" | "docs" | "tools.linkSmoke" | "tools.linkDiagnostics" | "tools.linkSelfHealing" };

/** Links between the operator screens, as a navigation list. */
export function QuickLinks({ label, links }: { label: string; links: readonly QuickLink[] }) {
  const { t } = useTranslation("opsGuides");
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {t(link.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
