import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A member's sign-in identities at an outside provider (LINE Login, decision 057), owned by the
 * accounts module. A live row (unlinked_at null) links one provider subject to one member, and a
 * member to one subject per provider. Unlinking keeps the row: `signed_up` (the member was created
 * through the provider, with no password and no SMS verification) must outlive the link, because
 * such a member buys nothing until the shop's own SMS verification (db/member-pause.ts).
 */
export const memberIdentities = pgTable(
  'member_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'line'>().notNull(),
    /** The ID token's `sub`: LINE's user id for the shop's channel. */
    subject: text('subject').notNull(),
    /** The provider's display name when linked, shown on the member's settings. */
    displayName: text('display_name').notNull().default(''),
    signedUp: boolean('signed_up').notNull().default(false),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
  },
  (t) => [
    check('member_identities_provider', sql`${t.provider} in ('line')`),
    uniqueIndex('member_identities_subject_idx').on(t.provider, t.subject).where(sql`${t.unlinkedAt} is null`),
    uniqueIndex('member_identities_member_idx').on(t.userId, t.provider).where(sql`${t.unlinkedAt} is null`),
    index('member_identities_user_idx').on(t.userId),
  ],
);
