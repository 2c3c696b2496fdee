/**
 * Demo learning extras: a quiz on every exam lesson, the demo learner's review of the course they
 * bought, a discussion thread on its first lesson (with a reply notification), and that course
 * completed, with its certificate.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createNotification, createUser } from '../../tests/factories/accounts.ts';
import { createReview } from '../../tests/factories/catalog.ts';
import {
  completeCourse,
  createComment,
  createEnrolment,
  createNote,
  createQuiz,
} from '../../tests/factories/learning.ts';
import { createCertificatesService } from '../../modules/certificates/certificates.service.ts';
import { courseContent } from './course-catalog.ts';

const HOUR = 3_600_000;

export async function seedLearningExtras(db: Kysely<Database>, learnerId: number): Promise<void> {
  const exams = await db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select(['lessons.id', 'courses.title'])
    .where('lessons.content_type', '=', 'exam')
    .orderBy('lessons.id')
    .execute();
  for (const [index, exam] of exams.entries()) {
    // Each course's quiz asks about that course (course-content.ts).
    await createQuiz(db, exam.id, {
      max_attempts: index % 2 === 0 ? 3 : null,
      time_limit_seconds: index % 3 === 0 ? 600 : null,
      questions: courseContent(exam.title).quiz,
    });
  }

  const learner = await db
    .selectFrom('users')
    .select('full_name')
    .where('id', '=', learnerId)
    .executeTakeFirstOrThrow();
  const bought = await db
    .selectFrom('enrolments')
    .select('course_id')
    .where('user_id', '=', learnerId)
    .orderBy('id')
    .executeTakeFirst();
  const classmate = await createUser(db, { full_name: 'Trần Minh Khoa', phone: '84987654321' });

  if (bought) {
    await createEnrolment(db, { userId: classmate.id, courseId: bought.course_id });
    await createReview(db, {
      course_id: bought.course_id,
      user_id: learnerId,
      author_name: learner.full_name,
      rating: 5,
      comment: 'Bài giảng dễ hiểu, bài tập sát đề thi. Mình rất thích phần chữa đề thi thử ở chương 3.',
    });
    await createReview(db, {
      course_id: bought.course_id,
      user_id: classmate.id,
      author_name: classmate.full_name,
      rating: 4,
      comment: 'Nội dung đầy đủ, cô trả lời thảo luận nhanh. Mong có thêm đề luyện nâng cao.',
    });
    const lesson = await db
      .selectFrom('lessons')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select(['lessons.id', 'lessons.title', 'courses.slug'])
      .where('lessons.course_id', '=', bought.course_id)
      .where('lessons.type', '=', 'content')
      .orderBy('lessons.position')
      .executeTakeFirstOrThrow();
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
    const question = await createComment(db, {
      userId: learnerId,
      lessonId: lesson.id,
      content: 'Cô ơi, em bị hổng phần hàm số thì nên học chương nào trước ạ?',
      at: at(30),
    });
    await createComment(db, {
      userId: classmate.id,
      lessonId: lesson.id,
      parentId: question.id,
      content:
        'Ở phút thứ 2 cô có nói: học chương 2 phần khảo sát hàm số trước rồi mới luyện đề. Bạn xem lại phần lộ trình nhé.',
      at: at(26),
    });
    await createComment(db, {
      userId: classmate.id,
      lessonId: lesson.id,
      content:
        'Cô giảng phần này rất dễ hiểu. Có ai có tài liệu luyện thêm không? https://khaitri.vn/ho-tro-khach-hang',
      at: at(5),
    });
    await createNotification(db, learnerId, {
      kind: 'discussion_reply',
      title: 'Có người trả lời bình luận của bạn',
      body: `Trần Minh Khoa đã trả lời bình luận của bạn trong bài “${lesson.title}”.`,
      link: `/vao-hoc/${lesson.slug}?bai=${lesson.id}#thao-luan`,
      created_at: at(26),
    });
    await createNote(db, {
      userId: learnerId,
      lessonId: lesson.id,
      content: 'Nhớ: ôn hàm số ở chương 2 trước khi luyện đề.',
      position: 185,
    });
  }

  if (bought) {
    // The bought course finished three days ago: its certificate shows in the account area.
    await completeCourse(db, learnerId, bought.course_id, new Date(Date.now() - 3 * 24 * HOUR).toISOString());
    await createCertificatesService({ db, publicUrl: '', siteName: '' }).issueFor(learnerId, bought.course_id);
  }
}
