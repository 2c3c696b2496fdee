import { sql, type Expression, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('navigation_items'))
    .addColumn('menu', 'varchar(40)', (col) => col.notNull())
    .addColumn('parent_id', 'integer', (col) => col.references('navigation_items.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('url', 'varchar(2000)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('navigation_items_menu_idx')
    .on('navigation_items')
    .columns(['menu', 'position'])
    .execute();

  await addIdColumn(db, db.schema.createTable('banners'))
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull().check(sqlIn('type', ['banner', 'popup'])))
    .addColumn('media_type', 'varchar(20)', (col) =>
      col.notNull().check(sqlIn('media_type', ['static', 'video', 'popup_content'])),
    )
    .addColumn('display_rule', 'varchar(20)', (col) =>
      col.notNull().check(sqlIn('display_rule', ['all', 'signed_in', 'signed_out'])),
    )
    .addColumn('placement', 'integer', (col) => col.notNull())
    .addColumn('image_pc', 'varchar(2000)')
    .addColumn('image_mobile', 'varchar(2000)')
    .addColumn('video_url', 'varchar(2000)')
    .addColumn('link_url', 'varchar(2000)')
    .addColumn('content', 'text')
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('banners_placement_range', sqlRange('placement', 1, 26))
    .execute();
  await db.schema.createIndex('banners_placement_idx').on('banners').columns(['placement', 'position']).execute();

  await addIdColumn(db, db.schema.createTable('pages'))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('description', 'varchar(1000)')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('route_rules'))
    .addColumn('path', 'varchar(500)', (col) => col.notNull().unique())
    .addColumn('target', 'varchar(2000)', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull().defaultTo(302))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['route_rules', 'pages', 'banners', 'navigation_items', 'site_settings']) {
    await db.schema.dropTable(table).execute();
  }
}

function sqlIn(column: string, values: string[]): Expression<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

function sqlRange(column: string, min: number, max: number): Expression<unknown> {
  return sql`${sql.ref(column)} between ${sql.lit(min)} and ${sql.lit(max)}`;
}
