import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson } from '../../tests/factories/catalog.ts';
import { createEnrolment, createQuiz } from '../../tests/factories/learning.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createQuizzesService } from './quizzes.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function examLesson(settings: Parameters<typeof createQuiz>[2] = {}) {
  const course = await createCourse(t.db, { price_new: 0 });
  const lesson = await createLesson(t.db, {
    course_id: course.id,
    content_type: 'exam',
    title: 'Kiểm tra cuối chương',
  });
  await createQuiz(t.db, lesson.id, settings);
  return { course, lesson };
}

async function enrolledLearner(courseId: number) {
  const learner = await createShopper(t);
  await createEnrolment(t.db, { userId: learner.user.id, courseId: courseId });
  return learner;
}

type QuizQuestion = { id: number; kind: string; prompt: string; options: { id: number; label: string }[] };

/** Answers every question right (by the demo labels) or wrong. */
function answersFor(questions: QuizQuestion[], right: boolean) {
  const correct: Record<string, string[]> = {
    'Thủ đô của Việt Nam là thành phố nào?': ['Hà Nội'],
    'Những số nào dưới đây là số nguyên tố?': ['2', '3', '7'],
    'Kết quả của 12 × 12 là bao nhiêu?': ['144'],
  };
  return questions.map((question) => {
    const labels = correct[question.prompt]!;
    const options = question.options.filter((option) => labels.includes(option.label) === right);
    return { question_id: question.id, option_ids: right ? options.map((o) => o.id) : [options[0]!.id] };
  });
}

async function start(learner: Shopper, lessonId: number) {
  const response = await learner.call('POST', '/api/user/lesson/quiz/start.json', { lesson_id: lessonId });
  return response;
}

describe('quizzes', () => {
  it('never sends correct flags or explanations before submitting', async () => {
    const { course, lesson } = await examLesson();
    const learner = await enrolledLearner(course.id);
    const quiz = await learner.call('GET', `/api/user/lesson/quiz.json?lesson_id=${lesson.id}`);
    expect(quiz.statusCode).toBe(200);
    const started = await start(learner, lesson.id);
    expect(started.statusCode).toBe(200);
    for (const body of [quiz.body, started.body]) {
      expect(body).not.toMatch(/is_correct|explanation|correct"|Hà Nội là thủ đô/);
    }
    const open = started.json().data.open_attempt;
    expect(open).toMatchObject({ submitted_at: null, score_percent: null });
    const early = await learner.call('GET', `/api/user/lesson/quiz/attempt.json?attempt_id=${open.id}`);
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('Đáp án chỉ hiện sau khi bạn nộp bài.');
    expect(early.body).not.toMatch(/is_correct|explanation/);
  });

  it('scores single and multiple choice, applies the pass mark, and reviews after submitting', async () => {
    const { course, lesson } = await examLesson({ pass_percent: 60, max_attempts: null });
    const learner = await enrolledLearner(course.id);
    const { data } = (await start(learner, lesson.id)).json();
    const questions = data.questions as QuizQuestion[];
    // Right on question 1, a partial answer (2 of 3 primes) on question 2, wrong on question 3: 1/3 → 33 %.
    const answers = answersFor(questions, true);
    answers[1]!.option_ids = answers[1]!.option_ids.slice(0, 2);
    answers[2] = answersFor(questions, false)[2]!;
    const failed = await learner.call('POST', '/api/user/lesson/quiz/submit.json', {
      attempt_id: data.open_attempt.id,
      answers,
    });
    expect(failed.statusCode).toBe(200);
    const result = failed.json().data;
    expect(result.attempt).toMatchObject({ score_percent: 33, correct_count: 1, question_count: 3, passed: false });
    expect(result.questions.map((q: { correct: boolean }) => q.correct)).toEqual([true, false, false]);
    expect(result.questions[1].explanation).toContain('Số nguyên tố');
    expect(result.questions[1].options.filter((o: { is_correct: boolean }) => o.is_correct)).toHaveLength(3);
    const again = await learner.call('POST', '/api/user/lesson/quiz/submit.json', {
      attempt_id: data.open_attempt.id,
      answers,
    });
    expect(again.statusCode).toBe(409);

    // Two of three right (66 %) passes a 60 % mark; two options on a single-choice question never count.
    const second = (await start(learner, lesson.id)).json().data;
    const twoRight = answersFor(second.questions, true);
    twoRight[0]!.option_ids = second.questions[0].options.map((o: { id: number }) => o.id);
    const passed = await learner.call('POST', '/api/user/lesson/quiz/submit.json', {
      attempt_id: second.open_attempt.id,
      answers: twoRight,
    });
    expect(passed.json().data.attempt).toMatchObject({ score_percent: 67, passed: true });
    const summary = (await learner.call('GET', `/api/user/lesson/quiz.json?lesson_id=${lesson.id}`)).json().data;
    expect(summary).toMatchObject({ passed: true, attempts_left: null, open_attempt: null });
    expect(summary.attempts).toHaveLength(2);
  });

  it('limits attempts with a Vietnamese refusal', async () => {
    const { course, lesson } = await examLesson({ max_attempts: 2 });
    const learner = await enrolledLearner(course.id);
    for (let i = 0; i < 2; i += 1) {
      const { data } = (await start(learner, lesson.id)).json();
      // Starting again while an attempt is open continues it instead of using another one.
      expect((await start(learner, lesson.id)).json().data.open_attempt.id).toBe(data.open_attempt.id);
      await learner.call('POST', '/api/user/lesson/quiz/submit.json', {
        attempt_id: data.open_attempt.id,
        answers: answersFor(data.questions, false),
      });
    }
    const refused = await start(learner, lesson.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Bạn đã dùng hết 2 lượt làm bài kiểm tra này.');
    const concurrent = await examLesson({ max_attempts: 1 });
    const racer = await enrolledLearner(concurrent.course.id);
    await Promise.all([start(racer, concurrent.lesson.id), start(racer, concurrent.lesson.id)]);
    const rows = await t.db.selectFrom('quiz_attempts').selectAll().where('user_id', '=', racer.user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('enforces the time limit on the server and calls onQuizPassed when passed', async () => {
    const { course, lesson } = await examLesson({ time_limit_seconds: 60, max_attempts: null });
    const learner = await enrolledLearner(course.id);
    let clock = Date.now();
    const passedCalls: [number, number][] = [];
    const quizzes = createQuizzesService({
      db: t.db,
      lessonAccess: t.services.lessonAccess,
      onQuizPassed: (userId, lessonId) => void passedCalls.push([userId, lessonId]),
      now: () => new Date(clock),
    });
    const late = await quizzes.start(learner.user.id, lesson.id);
    expect(late.open_attempt?.deadline_at).toBe(new Date(clock + 60_000).toISOString());
    clock += 2 * 60_000;
    const timedOut = await quizzes.submit(learner.user.id, late.open_attempt!.id, answersFor(late.questions, true));
    expect(timedOut.attempt).toMatchObject({ timed_out: true, passed: false, score_percent: 0 });
    expect(passedCalls).toEqual([]);

    const onTime = await quizzes.start(learner.user.id, lesson.id);
    clock += 30_000;
    const result = await quizzes.submit(learner.user.id, onTime.open_attempt!.id, answersFor(onTime.questions, true));
    expect(result.attempt).toMatchObject({ timed_out: false, passed: true, score_percent: 100 });
    expect(passedCalls).toEqual([[learner.user.id, lesson.id]]);

    // An attempt left open past its time is closed as failed and counted.
    const abandoned = await quizzes.start(learner.user.id, lesson.id);
    clock += 10 * 60_000;
    const after = await quizzes.getQuiz(learner.user.id, lesson.id);
    expect(after.open_attempt).toBeNull();
    expect(after.attempts.find((a) => a.id === abandoned.open_attempt!.id)).toMatchObject({ timed_out: true });
  });

  it('refuses learners who are not enrolled, anonymous visitors, and other learners’ attempts', async () => {
    const { course, lesson } = await examLesson();
    const learner = await enrolledLearner(course.id);
    const outsider = await createShopper(t);
    const refused = await outsider.call('GET', `/api/user/lesson/quiz.json?lesson_id=${lesson.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Bạn chưa đăng ký khóa học này. Hãy mua khóa học để học bài này.');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/user/lesson/quiz.json?lesson_id=${lesson.id}` });
    expect(anonymous.statusCode).toBe(401);
    const { data } = (await start(learner, lesson.id)).json();
    const stolen = await outsider.call('POST', '/api/user/lesson/quiz/submit.json', {
      attempt_id: data.open_attempt.id,
      answers: [],
    });
    expect(stolen.statusCode).toBe(404);
  });
});
