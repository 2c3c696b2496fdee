/**
 * A broadcast's purpose (issue 22 part 5, decision 0024): `service` (course changes, schedule,
 * maintenance — every targeted learner) or `marketing` (only learners holding the marketing consent
 * when their batch is sent). Existing broadcasts were service notices: the default says so.
 * `skipped_count` counts the learners a marketing broadcast passed over for lack of consent.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('broadcasts')
    .addColumn('purpose', 'varchar(12)', (col) =>
      col
        .notNull()
        .defaultTo('service')
        .check(sql`purpose in ('service', 'marketing')`),
    )
    .execute();
  await db.schema
    .alterTable('broadcasts')
    .addColumn('skipped_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('broadcasts').dropColumn('skipped_count').execute();
  await db.schema.alterTable('broadcasts').dropColumn('purpose').execute();
}
