/**
 * The studio's "Câu hỏi" list: learners' questions (top-level lesson comments) on the courses a
 * teacher teaches (every course for editors and admins), newest first, with accent-folded search.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { Page } from './studio.service.ts';

/** The search folds text in the process; it looks through at most this many of the newest questions. */
const SEARCH_WINDOW = 5000;

export interface QuestionsQuery extends Page {
  q?: string | undefined;
  course_id?: number | undefined;
  sort: 'newest' | 'oldest';
  /** Only this teacher's courses; undefined = every course. */
  teacherId?: number | undefined;
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;

export function createQuestionsService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  function base(query: QuestionsQuery) {
    let select = db
      .selectFrom('lesson_comments as c')
      .innerJoin('lessons as l', 'l.id', 'c.lesson_id')
      .innerJoin('courses as co', 'co.id', 'l.course_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .where('c.parent_id', 'is', null);
    if (query.teacherId !== undefined) select = select.where('co.teacher_id', '=', query.teacherId);
    if (query.course_id !== undefined) select = select.where('co.id', '=', query.course_id);
    return select;
  }

  async function rows(query: QuestionsQuery, page: { limit: number; offset: number }) {
    const found = await base(query)
      .select((eb) => [
        'c.id',
        'c.content',
        'c.created_at',
        'u.full_name as learner_name',
        'l.id as lesson_id',
        'l.title as lesson_title',
        'co.id as course_id',
        'co.title as course_title',
        'co.slug as course_slug',
        eb
          .selectFrom('lesson_comments as r')
          .select((r) => r.fn.countAll<number>().as('n'))
          .whereRef('r.parent_id', '=', 'c.id')
          .as('reply_count'),
      ])
      .orderBy('c.id', query.sort === 'newest' ? 'desc' : 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return found.map((r) => ({
      ...r,
      reply_count: Number(r.reply_count ?? 0),
      created_at: readDate(r.created_at).toISOString(),
    }));
  }

  async function list(query: QuestionsQuery) {
    const offset = (query.page - 1) * query.limit;
    const needle = foldVietnamese(query.q ?? '').trim();
    if (!needle) {
      const { n } = await base(query)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { items: await rows(query, { limit: query.limit, offset }), total: Number(n) };
    }
    const matching = (await rows(query, { limit: SEARCH_WINDOW, offset: 0 })).filter((r) =>
      foldVietnamese(`${r.content} ${r.learner_name} ${r.lesson_title} ${r.course_title}`).includes(needle),
    );
    return { items: matching.slice(offset, offset + query.limit), total: matching.length };
  }

  async function csv(query: QuestionsQuery) {
    const { items } = await list({ ...query, page: 1, limit: SEARCH_WINDOW });
    return toCsv(
      ['Mã', 'Thời gian', 'Học viên', 'Khóa học', 'Bài học', 'Câu hỏi', 'Số trả lời'],
      items.map((r) => [r.id, r.created_at, r.learner_name, r.course_title, r.lesson_title, r.content, r.reply_count]),
    );
  }

  return { list, csv };
}
