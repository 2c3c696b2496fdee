/**
 * Demo and production serialise responses with fast-json-stringify compiled from the zod schemas;
 * tests use the checked zod serializer. Both must send the very same JSON for every endpoint.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACTIVATION_CODES } from '../db/seed/activation.ts';
import { SEEDED_CONTESTS } from '../db/seed/exams.ts';
import { seedDemoData } from '../db/seed/index.ts';
import { signIn } from '../tests/helpers/auth.ts';
import { findDemoStudy } from '../tests/helpers/learning.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';
import { createApp } from './app.ts';

let t: TestContext;
let fast: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.db, { uploadsDir: path.join(t.dataDir, 'uploads') });
  fast = await createApp({ env: { ...t.env, APP_ENV: 'demo' }, db: t.db, services: t.services });
  await fast.ready();
});

afterAll(async () => {
  await fast.close();
  await t.close();
});

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; required?: boolean }> }>>;
}

it('sends the same JSON from both serializers for every GET endpoint that needs no parameter', async () => {
  const spec = t.app.swagger() as unknown as OpenApi;
  const paths = Object.entries(spec.paths)
    .filter(([url, methods]) => (url.startsWith('/api/user/') || url.startsWith('/restapi/')) && methods.get)
    .filter(([, methods]) => !(methods.get!.parameters ?? []).some((parameter) => parameter.required))
    .map(([url]) => url);
  expect(paths.length).toBeGreaterThan(15);
  const session = await signIn(t, '0912345678', 'KhaiTri@2026');
  let compared = 0;
  for (const url of paths) {
    const checked = await t.app.inject({ method: 'GET', url, headers: session.bearer });
    const quick = await fast.inject({ method: 'GET', url, headers: session.bearer });
    expect(quick.statusCode, url).toBe(checked.statusCode);
    if (checked.statusCode !== 200) continue;
    expect(JSON.parse(quick.body), url).toEqual(JSON.parse(checked.body));
    compared += 1;
  }
  expect(compared).toBeGreaterThan(15);
});

it('sends the same course, post and help-article details', async () => {
  const firstSlug = async (url: string) =>
    (JSON.parse((await t.app.inject({ method: 'GET', url })).body) as { data: Array<{ slug: string }> }).data[0]!.slug;
  const samples = [
    `/api/user/course/details.json?slug=${await firstSlug('/api/user/course.json')}`,
    `/api/user/post/details.json?slug=${await firstSlug('/api/user/post.json')}`,
    `/api/user/support/details.json?slug=${await firstSlug('/api/user/support.json')}`,
  ];
  for (const url of samples) {
    const checked = await t.app.inject({ method: 'GET', url });
    const quick = await fast.inject({ method: 'GET', url });
    expect(checked.statusCode, url).toBe(200);
    expect(JSON.parse(quick.body), url).toEqual(JSON.parse(checked.body));
  }
});

it('sends the same campaign data, and a redemption in full', async () => {
  const request = {
    method: 'POST' as const,
    url: '/api/user/campaign/data.json',
    payload: { slug: 'uu-dai-khai-giang' },
  };
  const checked = await t.app.inject(request);
  expect(checked.statusCode).toBe(200);
  expect(JSON.parse((await fast.inject(request)).body)).toEqual(JSON.parse(checked.body));
  const session = await signIn(t, '0912345678', 'KhaiTri@2026');
  const redeemed = await fast.inject({
    method: 'POST',
    url: '/api/user/order/active.json',
    headers: session.bearer,
    payload: { code: DEMO_ACTIVATION_CODES.single },
  });
  expect(JSON.parse(redeemed.body).data).toEqual({
    code: DEMO_ACTIVATION_CODES.single,
    course: { id: expect.any(Number), slug: expect.any(String), title: expect.any(String), type: 'retail' },
    course_ids: [expect.any(Number)],
    starts_at: expect.any(String),
    ends_at: expect.any(String),
    study_url: expect.stringMatching(/^\/vao-hoc\//),
  });
});

it('sends the same quiz, discussion, review and certificate answers', async () => {
  const session = await signIn(t, '0912345678', 'KhaiTri@2026');
  const study = await findDemoStudy(t.db);
  const certificate = await t.db.selectFrom('certificates').select('code').executeTakeFirstOrThrow();
  const urls = [
    `/api/user/lesson/quiz.json?lesson_id=${study.examLessonId}`,
    `/api/user/lesson/data.json?lesson_id=${study.firstLessonId}&type=comment`,
    `/api/user/lesson/data.json?lesson_id=${study.firstLessonId}&type=note`,
    `/api/user/lesson/data.json?lesson_id=${study.firstLessonId}&type=document`,
    `/api/user/lesson/error.json?lesson_id=${study.firstLessonId}`,
    `/api/user/course/vote.json?course_id=${study.courseId}`,
    `/api/user/certificate/verify.json?code=${certificate.code}`,
  ];
  for (const url of urls) {
    const checked = await t.app.inject({ method: 'GET', url, headers: session.bearer });
    const quick = await fast.inject({ method: 'GET', url, headers: session.bearer });
    expect(checked.statusCode, url).toBe(200);
    expect(JSON.parse(quick.body), url).toEqual(JSON.parse(checked.body));
  }
});

it('sends the same studio contest answers (list, details, live view, results, item analysis)', async () => {
  const admin = await signIn(t, 'quantri@khaitri.vn', 'KhaiTri@2026');
  const { id } = await t.db
    .selectFrom('exam_contests')
    .select('id')
    .where('slug', '=', SEEDED_CONTESTS.finished)
    .executeTakeFirstOrThrow();
  for (const url of [
    '/api/admin/exam-contests.json',
    '/api/admin/exam-contests/choices.json',
    `/api/admin/exam-contests/${id}.json`,
    `/api/admin/exam-contests/${id}/live.json`,
    `/api/admin/exam-contests/${id}/results.json`,
    `/api/admin/exam-contests/${id}/analysis.json`,
  ]) {
    const checked = await t.app.inject({ method: 'GET', url, headers: admin.bearer });
    const quick = await fast.inject({ method: 'GET', url, headers: admin.bearer });
    expect(quick.statusCode, url).toBe(200);
    // The live view's clock moves between the two requests.
    const body = (text: string) => {
      const json = JSON.parse(text) as { data: Record<string, unknown> };
      if (!Array.isArray(json.data)) delete json.data.server_now;
      return json;
    };
    expect(body(quick.body), url).toEqual(body(checked.body));
  }
});
