/** The studio's contests in integration tests: staff sessions, admin calls, a small hand-made exam. */
import { expect } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { nextClientAddress, signIn } from './auth.ts';
import type { TestContext } from './test-app.ts';

export type Session = Awaited<ReturnType<typeof signIn>>;

const HOUR = 3_600_000;

export function contestHelpers(context: () => TestContext) {
  async function staff(role: 'learner' | 'editor' | 'admin') {
    const user = await createUser(context().db, { role });
    return signIn(context(), user.phone!, user.password);
  }

  function call(session: Session | null, method: string, url: string, payload?: object) {
    return context().app.inject({
      method: method as 'GET',
      url,
      headers: session ? session.bearer : {},
      remoteAddress: nextClientAddress(),
      ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
    });
  }

  /**
   * A custom exam of five questions worth 1 point each: Q1, Q2, Q3, Q5 single choice (keys A, B, C,
   * A) in part I, Q4 a true/false group (Đúng, Sai, Đúng, Sai) scored on the THPT ladder in part II.
   */
  async function createSmallExam(slug: string): Promise<number> {
    const single = (prompt: string, key: string) => ({
      part: 1,
      type: 'single' as const,
      prompt,
      options: ['Phương án một', 'Phương án hai', 'Phương án ba', 'Phương án bốn'],
      key,
      explanation: `Lời giải: ${prompt}`,
      topic: 'Hàm số',
      difficulty: 'medium' as const,
    });
    return context().services.exams.createExam({
      slug,
      title: 'Kiểm tra nhanh chương Hàm số',
      subject: 'toan',
      template: 'custom',
      duration_minutes: 30,
      parts: [
        { title: 'Phần I', type: 'single', count: 4, scoring: 'all_or_nothing', points: 1000 },
        { title: 'Phần II', type: 'true_false', count: 1, scoring: 'true_false_ladder', points: 1000 },
      ],
      questions: [
        single('Câu một: tập xác định của $y = \\sqrt{x}$', 'A'),
        single('Câu hai: đạo hàm của $x^2$', 'B'),
        single('Câu ba: tiệm cận đứng của $y = \\frac{1}{x-1}$', 'C'),
        {
          part: 2,
          type: 'true_false',
          prompt: 'Cho hàm số $y = x^3 - 3x$.',
          options: ['Hàm số lẻ.', 'Hàm số đồng biến trên ℝ.', 'Có hai điểm cực trị.', 'Giá trị cực đại là 3.'],
          key: [true, false, true, false],
          explanation: "Xét dấu đạo hàm $y' = 3x^2 - 3$.",
          topic: 'Cực trị',
          difficulty: 'hard',
        },
        single('Câu năm: giá trị của $\\log_2 8$', 'A'),
      ],
    });
  }

  /** A contest body for the admin API: open an hour ago, closing in two hours, 30 minutes, ranked. */
  function contestBody(examId: number, overrides: Record<string, unknown> = {}) {
    return {
      title: 'Kiểm tra nhanh Hàm số — lớp 12A',
      exam_id: examId,
      kind: 'contest',
      opens_at: new Date(Date.now() - HOUR).toISOString(),
      closes_at: new Date(Date.now() + 2 * HOUR).toISOString(),
      duration_minutes: 30,
      entry_rule: 'signed_in',
      key_visibility: 'after_submit',
      is_ranked: true,
      shuffle: false,
      ...overrides,
    };
  }

  async function schedule(session: Session, body: object) {
    const response = await call(session, 'POST', '/api/admin/exam-contests.json', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; slug: string };
  }

  return { staff, call, createSmallExam, contestBody, schedule };
}
