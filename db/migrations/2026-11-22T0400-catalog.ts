/**
 * Catalog (categories, subjects, teachers, courses, packages, lessons, reviews), content (posts,
 * tags, media), support (articles, requests), the per-user topic likes and course views, and the
 * search index: FTS5 over folded text on SQLite; on PostgreSQL a tsvector built with an immutable
 * `unaccent` wrapper plus a pg_trgm index for typo tolerance.
 *
 * Per-user tables carry `user_id integer not null` without a foreign key to `users` for now (the
 * accounts migration is written in parallel).
 */
import { sql, type Expression, type Kysely } from 'kysely';
import { addIdColumn, isPostgres, timestampType } from './columns.ts';
import { createPostgresSearch, dropPostgresSearch } from './search-index.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const pgsql = isPostgres(db);

  await addIdColumn(db, db.schema.createTable('categories'))
    .addColumn('type', 'varchar(20)', (col) => col.notNull().check(sqlIn('type', ['course', 'post', 'support'])))
    .addColumn('subtype', 'varchar(20)')
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id').onDelete('set null'))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('icon', 'varchar(2000)')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('categories_type_slug_key', ['type', 'slug'])
    .execute();

  await addIdColumn(db, db.schema.createTable('subjects'))
    .addColumn('type', 'varchar(20)', (col) => col.notNull().check(sqlIn('type', ['field', 'topic'])))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('teachers'))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('full_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('headline', 'varchar(300)')
    .addColumn('bio', 'text')
    .addColumn('avatar', 'varchar(2000)')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('courses'))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) =>
      col.notNull().check(sqlIn('type', ['retail', 'no_retail', 'combo', 'api'])),
    )
    .addColumn('category_id', 'integer', (col) => col.references('categories.id').onDelete('set null'))
    .addColumn('teacher_id', 'integer', (col) => col.references('teachers.id').onDelete('set null'))
    .addColumn('thumbnail', 'varchar(2000)')
    .addColumn('summary', 'varchar(2000)')
    .addColumn('description', 'text')
    .addColumn('flatform_type', 'varchar(30)', (col) => col.notNull().defaultTo(''))
    .addColumn('price_new', 'integer')
    .addColumn('price_old', 'integer')
    .addColumn('level', 'varchar(100)')
    .addColumn('lesson_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enrolment_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_hot', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('published_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('courses_category_idx').on('courses').columns(['category_id']).execute();
  await db.schema.createIndex('courses_teacher_idx').on('courses').columns(['teacher_id']).execute();
  await db.schema
    .createIndex('courses_published_idx')
    .on('courses')
    .columns(['is_published', 'published_at'])
    .execute();

  await db.schema
    .createTable('course_subjects')
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (col) => col.notNull().references('subjects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('course_subjects_pkey', ['course_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('course_subjects_subject_idx').on('course_subjects').columns(['subject_id']).execute();

  await db.schema
    .createTable('course_children')
    .addColumn('combo_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('child_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('course_children_pkey', ['combo_id', 'child_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('course_pods'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)')
    .addColumn('cycle', 'integer', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('payment_type', 'varchar(20)', (col) =>
      col
        .notNull()
        .defaultTo('online')
        .check(sqlIn('payment_type', ['online', 'sms', 'sms_online'])),
    )
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('course_pods_cycle_range', sql`cycle between 1 and 9`)
    .addCheckConstraint('course_pods_price_positive', sql`price >= 0`)
    .execute();
  await db.schema.createIndex('course_pods_course_idx').on('course_pods').columns(['course_id', 'position']).execute();

  await addIdColumn(db, db.schema.createTable('lessons'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (col) => col.references('lessons.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)', (col) => col.notNull().check(sqlIn('type', ['category', 'content'])))
    .addColumn('content_type', 'varchar(20)', (col) =>
      col.check(sqlIn('content_type', ['youtube', 'video', 'paragraph', 'exam', 'document'])),
    )
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_preview', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('video_url', 'varchar(2000)')
    .addColumn('content', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lessons_course_idx').on('lessons').columns(['course_id', 'position']).execute();

  await addIdColumn(db, db.schema.createTable('course_reviews'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('author_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('comment', 'varchar(4000)')
    .addColumn('is_visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('course_reviews_rating_range', sql`rating between 1 and 5`)
    .addUniqueConstraint('course_reviews_course_user_key', ['course_id', 'user_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('tags'))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('posts'))
    .addColumn('type', 'varchar(20)', (col) =>
      col.notNull().check(sqlIn('type', ['post', 'exam_gate', 'solution', 'landing_page', 'feedback', 'intro'])),
    )
    .addColumn('category_id', 'integer', (col) => col.references('categories.id').onDelete('set null'))
    .addColumn('slug', 'varchar(500)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('summary', 'varchar(2000)')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('thumbnail', 'varchar(2000)')
    .addColumn('author_name', 'varchar(200)')
    .addColumn('is_featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('view_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('posts_type_slug_key', ['type', 'slug'])
    .execute();
  await db.schema
    .createIndex('posts_listing_idx')
    .on('posts')
    .columns(['type', 'is_published', 'published_at'])
    .execute();
  await db.schema.createIndex('posts_category_idx').on('posts').columns(['category_id']).execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (col) => col.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_tags_pkey', ['post_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('post_tags_tag_idx').on('post_tags').columns(['tag_id']).execute();

  await addIdColumn(db, db.schema.createTable('media'))
    .addColumn('group_name', 'varchar(50)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('url', 'varchar(2000)', (col) => col.notNull())
    .addColumn('link_url', 'varchar(2000)')
    .addColumn('description', 'varchar(2000)')
    .addColumn('sort_index', 'integer')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('support_articles'))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('slug', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('summary', 'varchar(2000)')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('helpful_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('not_helpful_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('published_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('support_requests'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(sqlIn('kind', ['contact', 'cellular'])))
    .addColumn('user_id', 'integer')
    .addColumn('full_name', 'varchar(200)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('email', 'varchar(320)')
    .addColumn('title', 'varchar(300)')
    .addColumn('content', 'varchar(5000)')
    .addColumn('path', 'varchar(2000)')
    .addColumn('status', 'varchar(20)', (col) =>
      col
        .notNull()
        .defaultTo('new')
        .check(sqlIn('status', ['new', 'in_progress', 'resolved'])),
    )
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('subject_likes')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('subject_id', 'integer', (col) => col.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('subject_likes_pkey', ['user_id', 'subject_id'])
    .execute();

  await db.schema
    .createTable('course_views')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('viewed_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('course_views_pkey', ['user_id', 'course_id'])
    .execute();
  await db.schema.createIndex('course_views_user_idx').on('course_views').columns(['user_id', 'viewed_at']).execute();

  await addIdColumn(db, db.schema.createTable('search_documents'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(sqlIn('kind', ['course', 'post', 'support'])))
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    .addColumn('subtype', 'varchar(30)')
    .addColumn('url', 'varchar(2000)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('folded_title', 'varchar(300)', (col) => col.notNull())
    .addColumn('thumbnail', 'varchar(2000)')
    .addColumn('published_at', ts)
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('search_documents_entity_key', ['kind', 'entity_id'])
    .execute();

  if (pgsql) await createPostgresSearch(db);
  else
    await sql`create virtual table search_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await dropPostgresSearch(db);
  else await sql`drop table if exists search_fts`.execute(db);
  await db.schema.dropTable('search_documents').execute();
  for (const table of [
    'course_views',
    'subject_likes',
    'support_requests',
    'support_articles',
    'media',
    'post_tags',
    'posts',
    'tags',
    'course_reviews',
    'lessons',
    'course_pods',
    'course_children',
    'course_subjects',
    'courses',
    'teachers',
    'subjects',
    'categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

function sqlIn(column: string, values: string[]): Expression<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
