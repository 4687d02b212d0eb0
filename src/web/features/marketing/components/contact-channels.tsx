import { useTranslation } from "react-i18next";
import { Briefcase, LifeBuoy, ShieldCheck, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { contactEmails, type ContactChannel } from "./contact-info";

const channels: { key: ContactChannel; icon: LucideIcon }[] = [
  { key: "sales", icon: Briefcase },
  { key: "support", icon: LifeBuoy },
  { key: "privacy", icon: ShieldCheck },
];

export function ContactChannels() {
  const { t } = useTranslation("marketing");
  return (
    <section aria-labelledby="channels-title">
      <h2 id="channels-title" className="text-2xl font-semibold tracking-tight">
        {t("contact.channelsTitle")}
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        {channels.map(({ key, icon: Icon }) => (
          <Card key={key}>
            <CardHeader>
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <CardTitle className="mt-2 text-lg">{t(`contact.channels.${key}.title`)}</CardTitle>
              <CardDescription>{t(`contact.channels.${key}.body`)}</CardDescription>
            </CardHeader>
            <CardContent>
              <a href={`mailto:${contactEmails[key]}`} className="break-all font-medium text-primary underline underline-offset-4">
                {contactEmails[key]}
              </a>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
