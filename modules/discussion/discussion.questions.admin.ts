/**
 * The studio's "Câu hỏi" list: learners' questions (top-level lesson comments) on the courses a
 * teacher teaches (every course for editors and admins), newest first, with accent-folded search.
 * The lessons, their courses and the learners' names come from their owners (`DiscussionLookups`).
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { DiscussionLookups } from './discussion.lookups.ts';

/** The search folds text in the process; it looks through at most this many of the newest questions. */
const SEARCH_WINDOW = 5000;

export interface QuestionsQuery {
  page: number;
  limit: number;
  q?: string | undefined;
  course_id?: number | undefined;
  sort: 'newest' | 'oldest';
  /** Only this teacher's courses; undefined = every course. */
  teacherId?: number | undefined;
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;

export function createQuestionsService(deps: { db: Kysely<Database>; lookups: DiscussionLookups }) {
  const { db, lookups } = deps;

  function base(query: QuestionsQuery) {
    let select = db.selectFrom('lesson_comments as c').where('c.parent_id', 'is', null);
    if (query.teacherId !== undefined || query.course_id !== undefined)
      select = select.where(lookups.lessonIn('c.lesson_id', { teacherId: query.teacherId, courseId: query.course_id }));
    return select;
  }

  async function rows(query: QuestionsQuery, page: { limit: number; offset: number }) {
    const found = await base(query)
      .select((eb) => [
        'c.id',
        'c.content',
        'c.created_at',
        'c.user_id',
        'c.lesson_id',
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
    const [lessons, names] = await Promise.all([
      lookups.lessonsOf(found.map((r) => r.lesson_id)),
      lookups.namesOf(found.map((r) => r.user_id)),
    ]);
    const lessonOf = new Map(lessons.map((l) => [l.id, l]));
    const nameOf = new Map(names.map((u) => [u.id, u.full_name]));
    return found.flatMap((r) => {
      const lesson = lessonOf.get(r.lesson_id);
      const learnerName = nameOf.get(r.user_id);
      if (!lesson || learnerName === undefined) return [];
      return [
        {
          id: r.id,
          content: r.content,
          created_at: readDate(r.created_at).toISOString(),
          learner_name: learnerName,
          lesson_id: lesson.id,
          lesson_title: lesson.title,
          course_id: lesson.course_id,
          course_title: lesson.course_title,
          course_slug: lesson.course_slug,
          reply_count: Number(r.reply_count ?? 0),
        },
      ];
    });
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
