import { sql } from "drizzle-orm";
import { OWNER_ROLES } from "@/shared/constants";
import type { ErasureOrganisation } from "@/shared/data-rights";
import type { Db } from "../../db/client";
import { rowsOf } from "./schema-walk";

const owners = sql.join(
  OWNER_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

/** The organisations that go with the account: those where the user is an owner and no one else is. */
export async function soleOwnedOrganisations(db: Pick<Db, "execute">, userId: string): Promise<ErasureOrganisation[]> {
  const result = await db.execute(sql`select o."id", o."name", (select count(*) from "memberships" a where a."org_id" = o."id")::int as "members"
    from "memberships" m join "organisations" o on o."id" = m."org_id"
    where m."user_id" = ${userId} and m."role" in (${owners})
      and not exists (select 1 from "memberships" x where x."org_id" = m."org_id" and x."user_id" <> ${userId} and x."role" in (${owners}))
    order by o."name", o."id"`);
  return rowsOf<ErasureOrganisation>(result).map((r) => ({ id: r.id, name: r.name, members: Number(r.members) }));
}
