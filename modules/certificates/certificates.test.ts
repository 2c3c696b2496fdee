import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createCourse } from '../../tests/factories/catalog.ts';
import { completeCourse } from '../../tests/factories/learning.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { normaliseCertificateCode } from './certificates.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('certificates', () => {
  it('are issued exactly once per learner and course, even under concurrent calls', async () => {
    const learner = await createUser(t.db, { full_name: 'Trần Thị Ánh Dương' });
    const course = await createCourse(t.db, { title: 'Tiếng Anh giao tiếp cơ bản' });
    await completeCourse(t.db, learner.id, course.id, '2026-11-01T03:00:00.000Z');
    const issued = await Promise.all(
      Array.from({ length: 8 }, () => t.services.certificates.issueFor(learner.id, course.id)),
    );
    expect(new Set(issued.map((c) => c.code)).size).toBe(1);
    expect(issued[0]).toMatchObject({
      learner_name: 'Trần Thị Ánh Dương',
      course_title: 'Tiếng Anh giao tiếp cơ bản',
      issued_at: '2026-11-01T03:00:00.000Z',
    });
    expect(issued[0]!.code).toMatch(/^KT-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const rows = await t.db.selectFrom('certificates').selectAll().where('user_id', '=', learner.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('are issued when a learner who completed a course opens their list, and only for completed courses', async () => {
    const learner = await createShopper(t);
    const done = await createCourse(t.db, { title: 'Khóa đã học xong' });
    const ongoing = await createCourse(t.db, { title: 'Khóa đang học' });
    await completeCourse(t.db, learner.user.id, done.id);
    await t.db
      .insertInto('course_progress')
      .values({
        user_id: learner.user.id,
        course_id: ongoing.id,
        percent: 40,
        last_seen_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const [first, again] = [
      await learner.call('GET', '/api/user/certificate.json'),
      await learner.call('GET', '/api/user/certificate.json'),
    ];
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((c: { course_title: string }) => c.course_title)).toEqual(['Khóa đã học xong']);
    expect(again.json().data).toEqual(first.json().data);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/certificate.json' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('are verified publicly by code, in any spelling, and unknown codes are invalid', async () => {
    const learner = await createUser(t.db, { full_name: 'Lê Văn Bình' });
    const course = await createCourse(t.db);
    const certificate = await t.services.certificates.issueFor(learner.id, course.id);
    const loose = certificate.code.toLowerCase().replace(/-/g, ' ');
    const valid = await t.app.inject({
      method: 'GET',
      url: `/api/user/certificate/verify.json?code=${encodeURIComponent(loose)}`,
    });
    expect(valid.json().data).toMatchObject({
      valid: true,
      certificate: { code: certificate.code, learner_name: 'Lê Văn Bình' },
    });
    for (const code of ['KT-AAAA-AAAA', 'không phải mã', "' or 1=1 --"]) {
      const invalid = await t.app.inject({
        method: 'GET',
        url: `/api/user/certificate/verify.json?code=${encodeURIComponent(code)}`,
      });
      expect(invalid.json().data).toEqual({ valid: false, certificate: null });
    }
    expect(normaliseCertificateCode('KT-OOOO-1111')).toBeNull();
  });

  it('download as a real PDF carrying the learner’s name', async () => {
    const learner = await createUser(t.db, { full_name: 'Phạm Thị Hương Giang' });
    const course = await createCourse(t.db, { title: 'Luyện thi Toán 12' });
    const { code } = await t.services.certificates.issueFor(learner.id, course.id);
    const response = await t.app.inject({ method: 'GET', url: `/chung-chi/${code}.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`chung-chi-${code}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const page = pdf.getPage(0);
    expect(page.getWidth()).toBeGreaterThan(page.getHeight());
    expect(pdf.getTitle()).toContain('Phạm Thị Hương Giang');
    expect(pdf.getTitle()).toContain('Luyện thi Toán 12');
    const missing = await t.app.inject({ method: 'GET', url: '/chung-chi/KT-AAAA-AAAA.pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Không tìm thấy chứng chỉ với mã này.');
  });
});
