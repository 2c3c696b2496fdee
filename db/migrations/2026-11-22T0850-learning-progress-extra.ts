/**
 * Learning progress, extra: the client time of the write that set the resume point (writes that
 * arrive out of order never move the resume point back to an older one), and a document URL on
 * lessons (document lessons: a PDF viewed inline, or any file to download).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lesson_progress')
    .addColumn('resume_client_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('lessons').addColumn('document_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lessons').dropColumn('document_url').execute();
  await db.schema.alterTable('lesson_progress').dropColumn('resume_client_ms').execute();
}
