import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await addIdColumn(db, db.schema.createTable('users'))
    .addColumn('phone', 'varchar(20)', (col) => col.unique())
    .addColumn('email', 'varchar(254)', (col) => col.unique())
    .addColumn('password_hash', 'varchar(200)')
    .addColumn('full_name', 'varchar(120)', (col) => col.notNull())
    .addColumn('avatar_url', 'varchar(2000)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('gender', 'varchar(10)')
    .addColumn('province_code', 'varchar(10)')
    .addColumn('ward_code', 'varchar(10)')
    .addColumn('address_detail', 'varchar(300)')
    .addColumn('role', 'varchar(20)', (col) => col.notNull().defaultTo('learner'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('phone_verified_at', ts)
    .addColumn('email_verified_at', ts)
    .addColumn('policy_accepted_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('users_role_values', sql`role in ('learner', 'teacher', 'editor', 'admin')`)
    .addCheckConstraint('users_status_values', sql`status in ('pending', 'active', 'locked')`)
    .addCheckConstraint('users_has_identifier', sql`phone is not null or email is not null`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'varchar(20)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'created_at']).execute();

  await addIdColumn(db, db.schema.createTable('otp_codes'))
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('target', 'varchar(254)', (col) => col.notNull())
    .addColumn('code_hash', 'varchar(128)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('consumed_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('otp_codes_target_idx')
    .on('otp_codes')
    .columns(['purpose', 'target', 'created_at'])
    .execute();

  await addIdColumn(db, db.schema.createTable('verify_tokens'))
    .addColumn('token_hash', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payload', 'varchar(300)')
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('consumed_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('link', 'varchar(2000)')
    .addColumn('read_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await addIdColumn(db, db.schema.createTable('outbox_messages'))
    .addColumn('channel', 'varchar(10)', (col) => col.notNull())
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(300)')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox_messages', 'notifications', 'verify_tokens', 'otp_codes', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
