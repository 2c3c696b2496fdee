/**
 * Online mock exams (modules/exams): exams built from parts with a scoring template, passages
 * shared by several questions, questions with their key, explanation, topic and difficulty (and
 * their formulas rendered once), contests (window, duration, attempts, entry rule, when keys
 * show, ranking), attempts with a deadline held by the server and a stable shuffle seed, and
 * answers with a per-attempt sequence number so that saves are idempotent and order-proof.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await addIdColumn(db, db.schema.createTable('exams'))
    .addColumn('slug', 'varchar(120)', (col) => col.notNull().unique())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('subject', 'varchar(40)', (col) => col.notNull())
    .addColumn('template', 'varchar(16)', (col) =>
      col.notNull().check(sql`template in ('thpt_math', 'thpt_science', 'thpt_language', 'custom')`),
    )
    .addColumn('duration_seconds', 'integer', (col) => col.notNull().check(sql`duration_seconds > 0`))
    .addColumn('description', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('exam_parts'))
    .addColumn('exam_id', 'integer', (col) => col.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('question_type', 'varchar(16)', (col) =>
      col.notNull().check(sql`question_type in ('single', 'true_false', 'short', 'multiple', 'fill')`),
    )
    .addColumn('scoring', 'varchar(20)', (col) =>
      col.notNull().check(sql`scoring in ('all_or_nothing', 'true_false_ladder')`),
    )
    /** Points per question in thousandths (0.25 point = 250). */
    .addColumn('points', 'integer', (col) => col.notNull().check(sql`points >= 0`))
    /** Boxes of the answer sheet for short answers (4 in THPT parts); null = no limit. */
    .addColumn('answer_boxes', 'integer')
    .addUniqueConstraint('exam_parts_position_key', ['exam_id', 'position'])
    .execute();

  await addIdColumn(db, db.schema.createTable('exam_passages'))
    .addColumn('exam_id', 'integer', (col) => col.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)')
    .addColumn('content', 'text', (col) => col.notNull())
    /** The listening track (a media-pipeline URL); null for a reading passage. */
    .addColumn('audio_url', 'varchar(500)')
    /** The content rendered once (text escaped, LaTeX through KaTeX). */
    .addColumn('content_html', 'text', (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('exam_questions'))
    .addColumn('exam_id', 'integer', (col) => col.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (col) => col.notNull().references('exam_parts.id').onDelete('cascade'))
    .addColumn('passage_id', 'integer', (col) => col.references('exam_passages.id').onDelete('set null'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('type', 'varchar(16)', (col) =>
      col.notNull().check(sql`type in ('single', 'true_false', 'short', 'multiple', 'fill')`),
    )
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('image_url', 'varchar(500)')
    /** JSON: [{ text, image_url }] — the options A–D, or the statements a)–d) of a true/false group. */
    .addColumn('options', 'text', (col) => col.notNull())
    /** JSON: the key (a letter, letters, four booleans, { forms, tolerance } or accepted words). */
    .addColumn('answer_key', 'text', (col) => col.notNull())
    .addColumn('explanation', 'text', (col) => col.notNull())
    /** The chuyên đề. */
    .addColumn('topic', 'varchar(120)', (col) => col.notNull())
    .addColumn('difficulty', 'varchar(8)', (col) => col.notNull().check(sql`difficulty in ('easy', 'medium', 'hard')`))
    .addColumn('points', 'integer', (col) => col.notNull().check(sql`points >= 0`))
    /** JSON: { prompt, options[], explanation } rendered to HTML + MathML when the question is written. */
    .addColumn('rendered', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('exam_questions_position_key', ['exam_id', 'position'])
    .execute();
  await db.schema.createIndex('exam_questions_part_idx').on('exam_questions').columns(['part_id']).execute();

  await addIdColumn(db, db.schema.createTable('exam_contests'))
    .addColumn('slug', 'varchar(120)', (col) => col.notNull().unique())
    .addColumn('exam_id', 'integer', (col) => col.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull().check(sql`kind in ('contest', 'practice')`))
    /** The window; null = always open (practice). */
    .addColumn('opens_at', ts)
    .addColumn('closes_at', ts)
    .addColumn('duration_seconds', 'integer', (col) => col.notNull().check(sql`duration_seconds > 0`))
    /** Null = unlimited. */
    .addColumn('max_attempts', 'integer', (col) => col.check(sql`max_attempts > 0`))
    .addColumn('entry_rule', 'varchar(10)', (col) =>
      col.notNull().check(sql`entry_rule in ('signed_in', 'course', 'code')`),
    )
    .addColumn('entry_course_id', 'integer', (col) => col.references('courses.id').onDelete('set null'))
    /** SHA-256 (hex) of the entry code when entry_rule = 'code'. */
    .addColumn('entry_code_hash', 'varchar(64)')
    .addColumn('key_visibility', 'varchar(14)', (col) =>
      col.notNull().check(sql`key_visibility in ('after_submit', 'after_close')`),
    )
    .addColumn('is_ranked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('shuffle', 'integer', (col) => col.notNull().defaultTo(1))
    /** The exam_gate post that presents this contest. */
    .addColumn('post_id', 'integer', (col) => col.references('posts.id').onDelete('set null'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('exam_contests_window_idx').on('exam_contests').columns(['kind', 'opens_at']).execute();

  await addIdColumn(db, db.schema.createTable('exam_attempts'))
    .addColumn('contest_id', 'integer', (col) => col.notNull().references('exam_contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempt_no', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().check(sql`status in ('open', 'submitted')`))
    /** The candidate's shuffle seed: the same order on every device and after a reload. */
    .addColumn('shuffle_seed', 'integer', (col) => col.notNull())
    .addColumn('started_at', ts, (col) => col.notNull())
    .addColumn('deadline_at', ts, (col) => col.notNull())
    .addColumn('submitted_at', ts)
    .addColumn('submitted_by', 'varchar(10)', (col) => col.check(sql`submitted_by in ('candidate', 'deadline')`))
    /** Thousandths of a point, written when submitted. */
    .addColumn('score', 'integer')
    .addColumn('max_score', 'integer', (col) => col.notNull())
    .addColumn('time_used_seconds', 'integer')
    .addUniqueConstraint('exam_attempts_number_key', ['contest_id', 'user_id', 'attempt_no'])
    .execute();
  await db.schema.createIndex('exam_attempts_due_idx').on('exam_attempts').columns(['status', 'deadline_at']).execute();
  await db.schema
    .createIndex('exam_attempts_ranking_idx')
    .on('exam_attempts')
    .columns(['contest_id', 'status', 'score'])
    .execute();

  await db.schema
    .createTable('exam_answers')
    .addColumn('attempt_id', 'integer', (col) => col.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('exam_questions.id').onDelete('cascade'))
    /** JSON, in the exam's own letters (the candidate's shuffled letters are mapped back on save). */
    .addColumn('answer', 'text', (col) => col.notNull())
    /** The client's per-attempt sequence number of this save: a lower one never overwrites. */
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('saved_at', ts, (col) => col.notNull())
    /** Thousandths, written when graded. */
    .addColumn('points_awarded', 'integer')
    .addPrimaryKeyConstraint('exam_answers_pk', ['attempt_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exam_answers').execute();
  await db.schema.dropTable('exam_attempts').execute();
  await db.schema.dropTable('exam_contests').execute();
  await db.schema.dropTable('exam_questions').execute();
  await db.schema.dropTable('exam_passages').execute();
  await db.schema.dropTable('exam_parts').execute();
  await db.schema.dropTable('exams').execute();
}
