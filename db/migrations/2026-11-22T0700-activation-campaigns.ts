/**
 * Campaigns for landing pages (campaign/data.json): a named list of courses and promotions, shown
 * while the campaign is active and inside its window. Activation codes use the commerce tables.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await addIdColumn(db, db.schema.createTable('campaigns'))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(300)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('starts_at', ts, (col) => col.notNull())
    .addColumn('ends_at', ts)
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('campaign_items')
    .addColumn('campaign_id', 'integer', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(sql`kind in ('course', 'promotion')`))
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('campaign_items_pkey', ['campaign_id', 'kind', 'target_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_items').execute();
  await db.schema.dropTable('campaigns').execute();
}
