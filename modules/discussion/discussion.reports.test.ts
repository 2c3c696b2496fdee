/**
 * The studio's lesson error reports through the API: filters and folded search (over the report,
 * its lesson's and course's titles and the learner's name, read from catalog and accounts), the
 * review states with the learner-facing status following them, audit entries, CSV.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createStudyCourse } from '../../tests/factories/learning.ts';
import { createErrorReport } from '../../tests/factories/studio-people.ts';
import { useStudioPeopleTest, type StudioPeopleTest } from '../../tests/helpers/studio-people.ts';

const s = useStudioPeopleTest();
const call: StudioPeopleTest['call'] = (...args) => s.call(...args);
const auditOf: StudioPeopleTest['auditOf'] = (...args) => s.auditOf(...args);

describe('lesson error reports', () => {
  it('moves a lesson error report to fixed; the learner-facing status follows', async () => {
    const reporter = await createUser(s.t.db);
    const { course, lessons } = await createStudyCourse(s.t.db);
    const report = await createErrorReport(s.t.db, { lessonId: lessons.intro, userId: reporter.id });
    const listed = await call(
      s.editor,
      'GET',
      `/api/admin/error-reports.json?review_status=new&course_id=${course.id}`,
    );
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0].editor_url).toBe(`/studio/khoa-hoc/${course.id}#bai-${lessons.intro}`);

    const fixed = await call(s.editor, 'POST', `/api/admin/error-reports/${report.id}/review.json`, {
      review_status: 'fixed',
      note: 'Đã sửa chính tả',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data).toMatchObject({
      review_status: 'fixed',
      status: 'complete',
      review_note: 'Đã sửa chính tả',
    });
    expect(await auditOf('error_report.review', report.id)).toHaveLength(1);
    const bad = await call(s.editor, 'POST', `/api/admin/error-reports/${report.id}/review.json`, {
      review_status: 'done',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(s.editor, 'POST', '/api/admin/error-reports/999999/review.json', { review_status: 'fixed' }))
        .statusCode,
    ).toBe(404);
  });

  it('finds a report by its text, lesson, course or learner, accents and case aside; CSV', async () => {
    const reporter = await createUser(s.t.db, { full_name: 'Lê Thị Hồng Nhung' });
    const other = await createUser(s.t.db, { full_name: 'Phạm Văn Khoa' });
    const { course, lessons } = await createStudyCourse(s.t.db, { course: { title: 'Vật lý lượng tử nhập môn' } });
    const mine = await createErrorReport(s.t.db, {
      lessonId: lessons.intro,
      userId: reporter.id,
      content: 'Âm thanh bị rè ở phút thứ hai.',
    });
    const theirs = await createErrorReport(s.t.db, { lessonId: lessons.video, userId: other.id, content: 'Hình mờ.' });
    const found = async (q: string) =>
      (await call(s.editor, 'GET', `/api/admin/error-reports.json?course_id=${course.id}&q=${encodeURIComponent(q)}`))
        .json()
        .data.map((r: { id: number }) => r.id);
    expect(await found('am thanh bi re')).toEqual([mine.id]);
    expect(await found('HONG NHUNG')).toEqual([mine.id]);
    expect(await found('gioi thieu khoa')).toEqual([mine.id]);
    expect(await found('luong tu')).toEqual([theirs.id, mine.id]);
    expect(await found('khong co dau')).toEqual([]);

    const page = (await call(s.editor, 'GET', `/api/admin/error-reports.json?course_id=${course.id}&limit=1`)).json();
    expect(page.meta.total).toBe(2);
    expect(page.data[0]).toMatchObject({
      id: theirs.id,
      user_name: 'Phạm Văn Khoa',
      course_title: 'Vật lý lượng tử nhập môn',
      lesson_id: lessons.video,
    });
    const csv = await call(
      s.editor,
      'GET',
      `/api/admin/error-reports.json?format=csv&q=${encodeURIComponent('nhung')}`,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Lê Thị Hồng Nhung');
    expect(csv.body).not.toContain('Phạm Văn Khoa');
  });
});
