// The staff's roles and languages (staff_members), read on every staff request and written by the
// admin's routes and the staff:grant command.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffMembers, users } from '../../db/schema';

/** The staff record of an active account, with its name; null when the account holds no staff role. */
export async function findMember(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      userId: staffMembers.userId,
      name: users.name,
      roles: staffMembers.roles,
      languages: staffMembers.languages,
      active: staffMembers.active,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffMembers.userId, userId), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}
