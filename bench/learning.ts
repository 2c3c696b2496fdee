/**
 * Learning-log budget (issue 6, "Must show"): `PATCH /api/user/lesson/learning_log.json` by the
 * demo learner on a lesson of a course they study (access check, the order-proof upsert, the
 * completion rules, the course recount), as writes per second against the catalog read
 * `GET /api/user/course.json` on the same product, alternating in the same run. Every write has the
 * same body (the log is idempotent, so it measures the steady cost of a learner's periodic report).
 */
import { fetchChecked, withServers, type Benchmark } from './lib/bench.ts';
import { compareAlternating } from './lib/measure.ts';

const BASELINE_PATH = '/api/user/course.json';
const LOG_PATH = '/api/user/lesson/learning_log.json';

async function call(url: string, init: RequestInit & { bearer?: string }) {
  const response = await fetch(url, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: unknown };
}

/** The demo learner's token and a lesson of their first course in progress (the seed's). */
async function prepareLearner(origin: string) {
  const login = await call(`${origin}/api/user/login.json`, {
    method: 'POST',
    body: JSON.stringify({ username: '0912345678', password: 'KhaiTri@2026' }),
  });
  const bearer = (login.data as { token: string }).token;
  const courses = (await call(`${origin}/api/user/course/my.json?state=in_progress`, { bearer })).data as {
    slug: string;
    last_lesson: { id: number } | null;
  }[];
  const lesson = courses.find((course) => course.last_lesson)?.last_lesson;
  if (!lesson) throw new Error('The demo learner studies no course: the demo data is missing.');
  return { bearer, lessonId: lesson.id };
}

export const learningBenchmark: Benchmark = {
  name: 'learning',
  title: `PATCH ${LOG_PATH} (learning-log writes) vs GET ${BASELINE_PATH} (catalog reads) on the same product`,
  target: 0.3,
  needsBuild: false,
  run: (settings) =>
    withServers(settings, async (start) => {
      const product = await start('product', { pages: false });
      await fetchChecked(product.origin + BASELINE_PATH, 'application/json');
      const { bearer, lessonId } = await prepareLearner(product.origin);
      const body = { lesson_id: lessonId, position: 95, watched_seconds: 95, client_time: Date.now() };
      await call(product.origin + LOG_PATH, { method: 'PATCH', bearer, body: JSON.stringify(body) });

      const comparison = await compareAlternating(
        product.target(BASELINE_PATH),
        { ...product.target(LOG_PATH), method: 'PATCH', json: body, headers: { authorization: `Bearer ${bearer}` } },
        settings,
      );
      return {
        comparison,
        notes: [`baseline: catalog reads on the same product; product: learning-log writes of lesson ${lessonId}`],
      };
    }),
};
