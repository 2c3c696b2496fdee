/**
 * Two more ways to pay (issue 22): ZaloPay and bank transfers by VietQR. The orders' payment method
 * and the payment attempts' gateway are checked against a list of values; this widens both lists.
 * PostgreSQL replaces the check constraint. SQLite cannot alter a constraint: each table is rebuilt
 * with the same definition but the wider list (SQLite's documented twelve-step procedure, with
 * foreign keys off so that dropping the old table cascades to nothing).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.ts';

const BEFORE = ['momo', 'onepay_domestic', 'onepay_international', 'vnpay', 'carrier', 'free'];
const AFTER = ['momo', 'onepay_domestic', 'onepay_international', 'vnpay', 'zalopay', 'vietqr', 'carrier', 'free'];
const CHECKED = [
  { table: 'orders', column: 'payment_method' },
  { table: 'payments', column: 'gateway' },
];

const inList = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function setMethods(db: Kysely<unknown>, from: string[], to: string[]): Promise<void> {
  if (isPostgres(db)) {
    for (const { table, column } of CHECKED) {
      const constraint = `${table}_${column}_check`;
      await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(constraint)}`.execute(db);
      await sql`alter table ${sql.table(table)} add constraint ${sql.id(constraint)} check (${sql.ref(column)} in (${sql.raw(inList(to))}))`.execute(
        db,
      );
    }
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const { table, column } of CHECKED) await rebuildSqliteTable(trx, table, column, from, to);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: string, column: string, from: string[], to: string[]) {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  const oldCheck = `"${column}" in (${inList(from)})`;
  if (!definition?.includes(oldCheck)) throw new Error(`${table}: the check on ${column} is not the expected one`);
  const temporary = `${table}__widened`;
  const created = definition
    .replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${temporary}"`)
    .replace(oldCheck, `"${column}" in (${inList(to)})`);
  await sql.raw(created).execute(db);
  await sql`insert into ${sql.table(temporary)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(temporary)} rename to ${sql.table(table)}`.execute(db);
  for (const row of rows.filter((other) => other.type !== 'table')) await sql.raw(row.sql).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setMethods(db, BEFORE, AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setMethods(db, AFTER, BEFORE);
}
